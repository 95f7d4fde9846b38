import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { DataSource } from 'typeorm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InstallClaim, SetupCodeRow } from '../../src/auth/install-claim.entity';
import { User } from '../../src/users/user.entity';
import { captureOutput } from '../support/output';
import { AUTHOR, startTestApp, TestApp, sharedTestApp } from '../support/test-app';

const PUBLIC_URL = 'https://blog.example.com';
const CODE_IN_LOG = /setup code for the first account: ([A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4})/;

const SSR_ENTRY = resolve(__dirname, '../../../frontend/dist/server/entry-server.js');

const account = (n: number) => ({ username: `writer${n}`, email: `writer${n}@example.com`, password: 'secret-pass-1', name: 'كاتب' });

describe('claiming a fresh install', () => {
  const t = sharedTestApp();

  it('six parallel first registrations make exactly one account (the database keeps one claim); the others answer 409 or 403', async () => {
    const responses = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => t.agent().post('/api/register').send(account(n))));
    const created = responses.filter((response) => response.status === 201);
    expect(created).toHaveLength(1);
    for (const refused of responses.filter((response) => response.status !== 201)) {
      expect(refused.body).toMatchObject(
        refused.status === 409 ? { statusCode: 409, code: 'INSTALL_CLAIMED' } : { statusCode: 403, code: 'REGISTRATION_CLOSED' },
      );
    }
    const dataSource = t.app.get(DataSource);
    expect(await dataSource.getRepository(User).count()).toBe(1);
    expect(await dataSource.getRepository(InstallClaim).find()).toEqual([expect.objectContaining({ id: 1, userId: created[0].body.id })]);
  });
});

describe('claiming an install reachable from outside (PUBLIC_URL not local)', () => {
  let t: TestApp;
  let log = '';
  let code: string;
  const origin = { Origin: PUBLIC_URL };

  beforeAll(async () => {
    const output = captureOutput();
    try {
      t = await startTestApp({ PUBLIC_URL });
    } finally {
      output.restore();
    }
    log = output.text();
  });
  afterAll(() => t.close());

  it('prints the setup code at start in one log line; another instance on the same database prints the same one', async () => {
    const line = log.split('\n').find((entry) => CODE_IN_LOG.test(entry));
    expect(line).toContain(`${PUBLIC_URL}/auth`);
    code = CODE_IN_LOG.exec(line!)![1];
    const output = captureOutput();
    try {
      await t.anotherInstance();
    } finally {
      output.restore();
    }
    expect(CODE_IN_LOG.exec(output.text())?.[1]).toBe(code);
    expect(await t.app.get(DataSource).getRepository(SetupCodeRow).count()).toBe(1);
  });

  it('GET /api/registration says that the first account needs the code', async () => {
    expect((await t.agent().get('/api/registration').expect(200)).body).toEqual({
      open: true,
      firstAccount: true,
      setupCodeRequired: true,
    });
  });

  it.each([
    ['without the code', {}],
    ['with a wrong code', { setupCode: 'AAAA-BBBB-CCCC' }],
    ['with an empty code', { setupCode: '' }],
  ])('refuses the first registration %s (403 SETUP_CODE_INVALID) and creates nothing', async (_case, extra) => {
    const response = await t
      .agent()
      .post('/api/register')
      .set(origin)
      .send({ ...AUTHOR, ...extra })
      .expect(403);
    expect(response.body).toMatchObject({ statusCode: 403, code: 'SETUP_CODE_INVALID' });
    expect(await t.app.get(DataSource).getRepository(User).count()).toBe(0);
  });

  it('the form posted without JavaScript goes back to the register tab with the error, not signed in', async () => {
    const response = await t
      .agent()
      .post('/api/register/form')
      .set(origin)
      .type('form')
      .send({ ...AUTHOR, setupCode: 'AAAA-BBBB-CCCC' })
      .expect(303);
    expect(response.headers.location).toBe('/auth?tab=register&error=SETUP_CODE_INVALID');
  });

  it('accepts the code as typed (any case, spaces) on any instance; then the code is gone and registration is closed', async () => {
    const other = await t.anotherInstance();
    const typed = code.toLowerCase().replaceAll('-', ' ');
    const browser = request.agent(other.getHttpServer());
    await browser
      .post('/api/register/form')
      .set(origin)
      .type('form')
      .send({ ...AUTHOR, setupCode: typed })
      .expect(303)
      .expect('Location', '/');
    await browser.get('/api/user').expect(200);

    expect(await t.app.get(DataSource).getRepository(SetupCodeRow).count()).toBe(0);
    expect((await t.agent().get('/api/registration').expect(200)).body).toEqual({
      open: false,
      firstAccount: false,
      setupCodeRequired: false,
    });
    const again = await t
      .agent()
      .post('/api/register')
      .set(origin)
      .send({ ...account(2), setupCode: code })
      .expect(403);
    expect(again.body).toMatchObject({ code: 'REGISTRATION_CLOSED' });
  });
});

describe('a setup code given in SETUP_CODE', () => {
  let t: TestApp;
  let log = '';
  const SETUP_CODE = 'chosen-by-the-operator-7';

  beforeAll(async () => {
    const output = captureOutput();
    try {
      t = await startTestApp({ PUBLIC_URL: 'http://203.0.113.5:3000', SETUP_CODE });
    } finally {
      output.restore();
    }
    log = output.text();
  });
  afterAll(() => t.close());

  it('is the one asked for: the log says so without printing it, and none is made', async () => {
    expect(log).toContain('asks for the setup code set in SETUP_CODE');
    expect(log).not.toContain(SETUP_CODE);
    expect(await t.app.get(DataSource).getRepository(SetupCodeRow).count()).toBe(0);
    await t
      .agent()
      .post('/api/register')
      .set('Origin', 'http://203.0.113.5:3000')
      .send({ ...AUTHOR, setupCode: 'AAAA-BBBB-CCCC' })
      .expect(403);
    await t
      .agent()
      .post('/api/register')
      .set('Origin', 'http://203.0.113.5:3000')
      .send({ ...AUTHOR, setupCode: SETUP_CODE })
      .expect(201);
  });
});

describe('the register form asks for the setup code in its first HTML', () => {
  let t: TestApp;
  beforeAll(async () => {
    if (!existsSync(SSR_ENTRY)) throw new Error('the site tests need the built frontend: run `npm run build` first');
    const output = captureOutput();
    try {
      t = await startTestApp({ PUBLIC_URL }, { serveSite: true });
    } finally {
      output.restore();
    }
  });
  afterAll(() => t.close());

  it('has the field (with where to find the code) while it is needed, and says in Arabic when the code is wrong', async () => {
    const server = t.app.getHttpServer();
    const fresh = (await request(server).get('/auth').expect(200)).text;
    expect(fresh).toMatch(/<input [^>]*name="setupCode"/);
    expect(fresh).toContain('رمز الإعداد');
    expect(fresh).toContain('docker compose logs app');

    const refused = await t
      .agent()
      .post('/api/register/form')
      .set('Origin', PUBLIC_URL)
      .type('form')
      .send({ ...AUTHOR, setupCode: 'AAAA-BBBB-CCCC' })
      .expect(303);
    const shown = (
      await request(server)
        .get(refused.headers.location as string)
        .expect(200)
    ).text;
    expect(shown).toContain('فشل التسجيل');
    expect(shown).toContain('رمز الإعداد غير صحيح');
  });

  it('has no such field on a blog served on localhost', async () => {
    const local = await startTestApp({}, { serveSite: true });
    try {
      const html = (await request(local.app.getHttpServer()).get('/auth').expect(200)).text;
      expect(html).toContain('data-testid="register-form"');
      expect(html).not.toContain('name="setupCode"');
    } finally {
      await local.close();
    }
  });
});
