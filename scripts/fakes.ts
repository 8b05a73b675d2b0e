// `npm run fakes`: the job sites' local fakes on fixed ports with demo data, so the app can be
// tried without accounts at the sites. Prints the environment to start the app with; Ctrl-C stops
// them. FAKES_PORT (default 4610) is the first port, each fake takes the next one.
//
// Another site joins by one more entry in FAKES: a name and a `start(port)` that starts its fake,
// seeds it and answers the variables pointing the app at it.
import { startAvitoFake } from '../apps/api/test/fakes/avito-fake.ts';
import { startHabrFake } from '../apps/api/test/fakes/habr-fake.ts';
import { startHhFake } from '../apps/api/test/fakes/hh-fake.ts';

type RunningFake = { env: Record<string, string>; notes: string[]; close: () => Promise<void> };
type Fake = { name: string; start: (port: number) => Promise<RunningFake> };

const FAKES: Fake[] = [
  {
    name: 'Авито Работа',
    async start(port) {
      const fake = await startAvitoFake({
        port,
        tokenTtlSeconds: 3600,
        moderationPolls: 1,
        // Whoever publishes a vacancy gets these three responses once Avito "approves" it.
        respondOnPublish: [
          {
            name: { first_name: 'Иван', last_name: 'Петров', patronymic: 'Сергеевич' },
            gender: 'male',
            phone: '79161234567',
            resume: {
              title: 'Повар-универсал',
              salary: 80_000,
              address_details: { location: 'Москва' },
              params: {
                education: 'Среднее специальное',
                experience_list: [
                  { company: 'Кафе «Берег»', position: 'Повар', work_start: '2018-09-01' },
                ],
              },
              contacts: [{ type: 'e-mail', value: 'ivan.petrov@example.ru' }],
            },
          },
          {
            name: { first_name: 'Ольга', last_name: 'Смирнова' },
            gender: 'female',
            phone: '79037654321',
            resume: { title: 'Администратор', salary: 65_000 },
          },
          { name: { first_name: 'Артём' }, type: 'by_phone', phone: '79260001122' },
        ],
      });
      return {
        env: {
          AVITO_API_BASE: fake.url,
          AVITO_OAUTH_BASE: fake.url,
          AVITO_CLIENT_ID: fake.clientId,
          AVITO_CLIENT_SECRET: fake.clientSecret,
        },
        notes: [
          `аккаунт «${fake.self.name}» (id ${fake.self.id}); опубликованная вакансия проходит модерацию со второго опроса статуса и получает три отклика`,
        ],
        close: fake.close,
      };
    },
  },
  {
    name: 'Хабр Карьера',
    async start(port) {
      const fake = await startHabrFake({ port, tokenTtlSeconds: 3600 });
      const frontend = fake.addVacancy('Frontend-разработчик (React)');
      fake.addVacancy('Backend-разработчик (Node.js)');
      fake.addResponse(
        frontend.id,
        {
          login: 'mpetrova',
          name: 'Мария Петрова',
          city: 'Казань',
          salary: { value: 250_000, currency: 'rur' },
          emails: ['m.petrova@example.ru'],
          telegram: '@mpetrova',
          experience: [{ company: 'Банк', position: 'Senior Frontend', start_date: '2021-02-01' }],
          skills: ['TypeScript', 'React'],
          experienceMonths: 70,
        },
        'Здравствуйте! Интересна ваша вакансия.',
      );
      fake.addResponse(frontend.id, {
        login: 'akozlov',
        name: 'Алексей Козлов',
        phones: ['+7 999 555-44-33'],
        skills: ['JavaScript'],
        experienceMonths: 18,
      });
      return {
        env: {
          HABR_BASE: fake.url,
          HABR_CLIENT_ID: fake.clientId,
          HABR_CLIENT_SECRET: fake.clientSecret,
        },
        notes: [`две вакансии, на «${frontend.title}» два отклика`],
        close: fake.close,
      };
    },
  },
  {
    name: 'hh.ru',
    async start(port) {
      const fake = await startHhFake({
        port,
        clientId: 'hh-demo-client',
        clientSecret: 'hh-demo-secret',
        accessTokenSeconds: 3600,
        // A vacancy published from the ATS passes moderation half a minute later.
        moderationSeconds: 30,
      });
      const sales = fake.addVacancy('Менеджер по продажам');
      const frontend = fake.addVacancy('Frontend-разработчик (React)');
      fake.addVacancy('Бухгалтер', 'Санкт-Петербург');
      fake.addResponse(sales, {
        first_name: 'Екатерина',
        last_name: 'Волкова',
        middle_name: 'Андреевна',
        title: 'Менеджер по продажам B2B',
        phone: '+7 (915) 204-18-77',
        email: 'e.volkova@example.ru',
        salary: { amount: 120_000, currency: 'RUR' },
        experience: [
          {
            company: 'ООО «ТехноСнаб»',
            position: 'Менеджер по работе с ключевыми клиентами',
            start: '2020-02-01',
            end: null,
            description: 'Продажи оборудования, 40 постоянных клиентов, план выполнен на 115%.',
          },
        ],
        education: [{ name: 'РЭУ им. Г. В. Плеханова', result: 'Маркетинг', year: 2016 }],
        skills: ['Активные продажи', 'CRM', 'Переговоры'],
        languages: [{ id: 'eng', name: 'Английский', level: 'B1' }],
      });
      fake.addResponse(sales, {
        first_name: 'Денис',
        last_name: 'Орлов',
        title: 'Менеджер по продажам',
        phone: '+7 (926) 318-40-52',
        salary: { amount: 90_000, currency: 'RUR' },
        experience: [
          {
            company: 'Сеть «Электромир»',
            position: 'Продавец-консультант',
            start: '2021-06-01',
            end: null,
          },
        ],
        skills: ['Холодные звонки'],
        area: 'Подольск',
      });
      // Someone the demo company (`npm run seed:demo`, DEMO=1) already has — demoApplicant(1) of
      // apps/api/src/demo-applicants.ts (scripts/fakes.test.ts keeps them equal): the same
      // e-mail, the phone typed another way. The sync gives the known card the application.
      const known = { first: 'Андрей', last: 'Соколов', email: 'candidate2@example.ru' };
      fake.addResponse(frontend, {
        first_name: known.first,
        last_name: known.last,
        middle_name: 'Михайлович',
        title: 'Frontend-разработчик',
        phone: '8 900 000 79 19',
        email: known.email,
        area: 'Екатеринбург',
        experience: [
          {
            company: 'Ромашка',
            position: 'Frontend-разработчик',
            start: '2014-03-01',
            end: null,
            description: 'Интерфейсы на React и TypeScript, код-ревью, дизайн-система.',
          },
        ],
        skills: ['React', 'TypeScript', 'CSS'],
      });
      fake.addResponse(frontend, {
        first_name: 'Тимур',
        last_name: 'Галиев',
        title: 'Frontend-разработчик (React, TypeScript)',
        email: 't.galiev@example.ru',
        salary: { amount: 220_000, currency: 'RUR' },
        experience: [
          {
            company: 'Студия «Пиксель»',
            position: 'Frontend-разработчик',
            start: '2019-09-01',
            end: null,
          },
        ],
        skills: ['TypeScript', 'React', 'Vite'],
        area: 'Казань',
      });
      return {
        env: {
          HH_API_BASE: fake.url,
          HH_OAUTH_BASE: fake.url,
          HH_CLIENT_ID: fake.clientId,
          HH_CLIENT_SECRET: fake.clientSecret,
        },
        notes: [
          `работодатель «${fake.employer.name}» (id ${fake.employer.id}), менеджер ${fake.manager.first_name} ${fake.manager.last_name}; три активные вакансии, на «Менеджер по продажам» и «Frontend-разработчик (React)» по два отклика (один — ${known.last} ${known.first} из демо-базы, ${known.email}); опубликованная вакансия проходит модерацию через 30 с`,
        ],
        close: fake.close,
      };
    },
  },
];

const firstPort = Number(process.env.FAKES_PORT ?? 4610);
const running: RunningFake[] = [];
for (const [index, fake] of FAKES.entries()) {
  const started = await fake.start(firstPort + index);
  running.push(started);
  console.log(`${fake.name}: ${Object.values(started.env)[0]}`);
  for (const note of started.notes) console.log(`  ${note}`);
}
console.log('\nЗапустите приложение с этими переменными (или добавьте их в окружение):\n');
for (const fake of running) {
  for (const [key, value] of Object.entries(fake.env)) console.log(`${key}=${value}`);
}
console.log('\nCtrl-C — остановить.');

const stop = () => {
  void Promise.all(running.map((fake) => fake.close())).then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
