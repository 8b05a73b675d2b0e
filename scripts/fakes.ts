// `npm run fakes`: the job sites' local fakes on fixed ports with demo data, so the app can be
// tried without accounts at the sites. Prints the environment to start the app with; Ctrl-C stops
// them. FAKES_PORT (default 4610) is the first port, each fake takes the next one.
//
// Another site joins by one more entry in FAKES: a name and a `start(port)` that starts its fake,
// seeds it and answers the variables pointing the app at it, e.g. for hh.ru
//   { name: 'hh.ru', start: async (port) => { const fake = await startHhFake({ port }); … } }
import { startAvitoFake } from '../apps/api/test/fakes/avito-fake.ts';
import { startHabrFake } from '../apps/api/test/fakes/habr-fake.ts';

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
