import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertApplicants } from '../../../test/applicant-factory.ts';
import { type SignedUp, signUpCompany } from '../../../test/factories.ts';
import { type TestApp, call, createTestApp } from '../../../test/test-app.ts';

// One stored form of a phone (E.164) whatever a client sends (issue 20, item 13): the create form,
// an old API client, an update, extra contacts and a merge of two applicants stored before.

let t: TestApp;
let hr: SignedUp;

const ok = async (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) => {
  const response = await call(t.app, method, url, body, { token: hr.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.message;
};
const card = (id: number) => ok('GET', `/api/applicants/${id}`);

beforeAll(async () => {
  t = await createTestApp();
  hr = await signUpCompany(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('phones are stored in E.164', () => {
  it('as typed by hand on the create form, or in any format an old client sends', async () => {
    for (const typed of ['8 916 123 45 67', '+7 (916) 123-45-67', '89161234567', '9161234567']) {
      const { id } = await ok('POST', '/api/applicants', { last_name: 'Орлов', phone: typed });
      expect((await card(id)).phone, typed).toBe('+79161234567');
    }
  });

  it('on update, and in the extra phone, WhatsApp and Viber contacts', async () => {
    const { id } = await ok('POST', '/api/applicants', {
      last_name: 'Соколова',
      contacts: [
        { contact_type: 'whatsapp', value: '8 (903) 555-44-33', is_prefered: true },
        { contact_type: 'skype', value: 'sokolova.anna', is_prefered: false },
      ],
    });
    expect((await card(id)).contacts).toEqual([
      { contact_type: 'whatsapp', value: '+79035554433', is_prefered: true },
      { contact_type: 'skype', value: 'sokolova.anna', is_prefered: false },
    ]);
    await ok('PATCH', `/api/applicants/${id}`, { phone: '8-921-000-11-22' });
    expect((await card(id)).phone).toBe('+79210001122');
    const history = (await card(id)).worklog as { changes?: Record<string, unknown> }[];
    expect(JSON.stringify(history)).toContain('+79210001122');
  });

  it('keeps as typed what is not surely one phone number, and blank as none', async () => {
    const { id } = await ok('POST', '/api/applicants', {
      last_name: 'Белов',
      phone: '8 916 123-45-67 доб. 12',
    });
    expect((await card(id)).phone).toBe('8 916 123-45-67 доб. 12');
    await ok('PATCH', `/api/applicants/${id}`, { phone: '  ' });
    expect((await card(id)).phone).toBeNull();
  });

  it('when two applicants stored before are merged', async () => {
    const [primary, secondary] = await insertApplicants(t.database, hr.accountId, [
      { lastName: 'Зайцев', firstName: 'Пётр', phone: '+7 (912) 345-67-89' },
      {
        lastName: 'Зайцев',
        firstName: 'Пётр',
        phone: '8 912 000 11 22',
        contacts: [{ contact_type: 'viber', value: '8 (912) 777-88-99', is_prefered: false }],
      },
    ]);
    const result = await ok('POST', '/api/applicants/merge', {
      primary_id: primary,
      secondary_id: secondary,
      fields: { phone: 'primary' },
    });
    expect(result.applicant.phone).toBe('+79123456789');
    expect(result.applicant.contacts).toEqual(
      expect.arrayContaining([
        { contact_type: 'viber', value: '+79127778899', is_prefered: false },
        { contact_type: 'phone', value: '+79120001122', is_prefered: false },
      ]),
    );
  });
});
