import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/context';
import { createDashboardFactories } from '../../../test/dashboard-factories';
import { serviceProvider, spKeys } from '../../../test/saml-sp';

const UNSPECIFIED = 'urn:oasis:names:tc:SAML:1.1:nameid-format:unspecified';

describe('api/app/SsoApplications (MLS staff register applications for single sign-on)', () => {
  let ctx: TestContext;
  let dash: ReturnType<typeof createDashboardFactories>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    ctx = await createTestContext({ env: { RATE_LIMITS: 'off' } });
    dash = createDashboardFactories(ctx.db);
    staff = await ctx.as((await ctx.factories.buildMember({ type: 'MLS Staff' })).accountId);
  });
  afterAll(() => ctx.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object) =>
    ctx.app.inject({ method, url: `/api/app/SsoApplications${url}`, headers, ...(payload ? { payload } : {}) });
  const saml = (name: string, extra: Record<string, unknown> = {}) => ({
    entityId: `https://${name}.vendor.test/sp`,
    acsUrls: [{ url: `https://${name}.vendor.test/acs`, binding: 'post' }],
    nameIdFormat: UNSPECIFIED,
    nameIdSource: 'memberMlsId',
    attributeMap: { memberMlsId: 'AgentID', email: 'urn:oid:0.9.2342.19200300.100.1.3', officeName: '' },
    signedRequestsRequired: false,
    spSigningCertificate: null,
    defaultRelayState: '/home',
    ...extra,
  });
  const fields = (res: { json: () => { errors?: Array<{ field: string }> } }) => (res.json().errors ?? []).map((e) => e.field);

  it('refuses association staff (level 4) and agents on every call, and answers 401 without a token', async () => {
    const app = await dash.buildApplication({ name: 'Refused' });
    const aorStaff = await ctx.as((await ctx.factories.buildMember({ type: 'Association Staff' })).accountId);
    const aorAdmin = await ctx.as((await ctx.factories.buildMember({ type: 'Broker', isCrmlsAorAdmin: true })).accountId);
    const agent = await ctx.as((await ctx.factories.buildMember()).accountId);
    const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, object?]> = [
      ['GET', ''],
      ['GET', `/${app.id}`],
      ['POST', '', { applicationId: app.id, protocol: 'saml', saml: saml('refused') }],
      ['PUT', `/${app.id}`, { protocol: 'saml', saml: saml('refused') }],
      ['DELETE', `/${app.id}`],
      ['POST', `/${app.id}/Metadata`, { xml: '<x/>' }],
      ['POST', `/${app.id}/TestSignOn`, { loginId: 'member1' }],
    ];
    for (const who of [aorStaff, aorAdmin, agent]) {
      for (const [method, url, payload] of calls) expect((await call(method, url, who, payload)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call('GET', '', {})).statusCode).toBe(401);
    const row = await ctx.db.one<{ sso_protocol: string }>('SELECT sso_protocol FROM applications WHERE id = $1', [app.id]);
    expect(row?.sso_protocol).toBe('link');
  });

  it('registers, reads, changes and removes an application; the launcher tile follows its protocol', async () => {
    const app = await dash.buildApplication({ name: 'Vendor CMA', url: 'https://cma.vendor.test/' });
    const created = await call('POST', '', staff, { applicationId: app.id, protocol: 'saml', saml: saml('cma') });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json().results[0];
    expect(body).toMatchObject({
      applicationId: app.id,
      protocol: 'saml',
      entityId: 'https://cma.vendor.test/sp',
      idpMetadataUrl: 'http://127.0.0.1:3999/saml/metadata',
      idpEntityId: 'http://127.0.0.1:3999/saml',
      launchUrl: `http://127.0.0.1:3999/saml/launch/${app.id}`,
    });
    // An empty attribute name leaves the field out.
    expect(body.saml.attributeMap).toEqual({ memberMlsId: 'AgentID', email: 'urn:oid:0.9.2342.19200300.100.1.3' });

    const list = (await call('GET', '', staff)).json().results as Array<{ applicationId: number; protocol: string }>;
    expect(list.find((a) => a.applicationId === app.id)?.protocol).toBe('saml');
    expect((await call('GET', `/${app.id}`, staff)).json().results[0].saml.defaultRelayState).toBe('/home');

    const member = await ctx.factories.buildMember();
    const tile = async () =>
      (
        (await ctx.app.inject({ url: '/api/app/AudienceApplications/', headers: await ctx.as(member.accountId) })).json().results as Array<{
          id: number;
          protocol: string;
        }>
      ).find((a) => a.id === app.id);
    expect((await tile())?.protocol).toBe('saml');

    // A second create is refused; the change goes through PUT.
    const again = await call('POST', '', staff, { applicationId: app.id, protocol: 'saml', saml: saml('cma') });
    expect(again.statusCode).toBe(400);
    expect(fields(again)).toEqual(['applicationId']);

    // Link only keeps the SAML settings but no sign-on answers for them.
    const linkOnly = await call('PUT', `/${app.id}`, staff, { protocol: 'link' });
    expect(linkOnly.json().results[0]).toMatchObject({
      protocol: 'link',
      launchUrl: null,
      saml: { entityId: 'https://cma.vendor.test/sp' },
    });
    expect((await tile())?.protocol).toBe('link');
    expect((await ctx.app.inject({ url: `/saml/launch/${app.id}` })).statusCode).toBe(404);
    expect((await call('PUT', `/${app.id}`, staff, { protocol: 'oidc' })).json().results[0].protocol).toBe('oidc');

    const removed = await call('DELETE', `/${app.id}`, staff);
    expect(removed.json().results[0]).toMatchObject({ protocol: 'link', saml: null, entityId: null });
    expect(await ctx.db.one('SELECT 1 FROM saml_applications WHERE application_id = $1', [app.id])).toBeNull();
    expect((await call('GET', '/99999999', staff)).statusCode).toBe(404);
    expect((await call('DELETE', '/99999999', staff)).statusCode).toBe(404);
  });

  it('400 with field errors for bad fields, nothing written', async () => {
    const app = await dash.buildApplication({ name: 'Bad fields' });
    const taken = await dash.buildApplication({ name: 'Taken' });
    expect((await call('PUT', `/${taken.id}`, staff, { protocol: 'saml', saml: saml('taken') })).statusCode).toBe(200);
    const cases: Array<[object, string]> = [
      [{ protocol: 'saml' }, 'saml'],
      [{ protocol: 'kerberos' }, 'protocol'],
      [{ protocol: 'saml', saml: saml('a', { entityId: ' ' }) }, 'saml.entityId'],
      [{ protocol: 'saml', saml: saml('a', { acsUrls: [] }) }, 'saml.acsUrls'],
      [{ protocol: 'saml', saml: saml('a', { acsUrls: [{ url: 'javascript:alert(1)', binding: 'post' }] }) }, 'saml.acsUrls.0.url'],
      [{ protocol: 'saml', saml: saml('a', { acsUrls: [{ url: 'https://a.test/acs', binding: 'artifact' }] }) }, 'saml.acsUrls.0.binding'],
      [{ protocol: 'saml', saml: saml('a', { nameIdFormat: 'urn:x' }) }, 'saml.nameIdFormat'],
      [{ protocol: 'saml', saml: saml('a', { nameIdSource: 'password' }) }, 'saml.nameIdSource'],
      [{ protocol: 'saml', saml: saml('a', { attributeMap: { password: 'Pwd' } }) }, 'saml.attributeMap'],
      [{ protocol: 'saml', saml: saml('a', { attributeMap: { email: 'a b<' } }) }, 'saml.attributeMap.email'],
      [{ protocol: 'saml', saml: saml('a', { signedRequestsRequired: true }) }, 'saml.spSigningCertificate'],
      [{ protocol: 'saml', saml: saml('a', { spSigningCertificate: 'not a certificate' }) }, 'saml.spSigningCertificate'],
      [{ protocol: 'saml', saml: saml('taken') }, 'saml.entityId'],
    ];
    for (const [payload, field] of cases) {
      const res = await call('PUT', `/${app.id}`, staff, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(fields(res), JSON.stringify(payload)).toContain(field);
    }
    expect((await call('PUT', '/abc', staff, { protocol: 'link' })).statusCode).toBe(400);
    const unknown = await call('POST', '', staff, { applicationId: 99999999, protocol: 'oidc' });
    expect(unknown.statusCode).toBe(400);
    expect(fields(unknown)).toEqual(['applicationId']);
    const row = await ctx.db.one<{ sso_protocol: string }>('SELECT sso_protocol FROM applications WHERE id = $1', [app.id]);
    expect(row?.sso_protocol).toBe('link');
    expect(await ctx.db.one('SELECT 1 FROM saml_applications WHERE application_id = $1', [app.id])).toBeNull();

    // A real certificate, as PEM or as its bare base64 body, is stored as PEM.
    const { certificate } = spKeys('cert');
    const body = certificate.replace(/-----[^-]+-----|\s+/g, '');
    const ok = await call('PUT', `/${app.id}`, staff, {
      protocol: 'saml',
      saml: saml('cert', { signedRequestsRequired: true, spSigningCertificate: body }),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().results[0].saml.spSigningCertificate).toMatch(/^-----BEGIN CERTIFICATE-----\n/);
  });

  it("registers an application from its SP's metadata XML; bad XML is a 400 on the xml field", async () => {
    const app = await dash.buildApplication({ name: 'By metadata' });
    const keys = spKeys('meta');
    const sp = serviceProvider('https://meta.vendor.test/sp', 'https://meta.vendor.test/acs', keys);
    const res = await call('POST', `/${app.id}/Metadata`, staff, { xml: sp.getMetadata() });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json().results[0];
    expect(saved).toMatchObject({
      protocol: 'saml',
      saml: {
        entityId: 'https://meta.vendor.test/sp',
        acsUrls: [{ url: 'https://meta.vendor.test/acs', binding: 'post' }],
        signedRequestsRequired: true,
        nameIdSource: 'memberMlsId',
        attributeMap: { memberMlsId: 'MemberMlsId' },
      },
    });
    expect(saved.saml.spSigningCertificate.replace(/\s+/g, '')).toBe(keys.certificate.replace(/\s+/g, ''));

    for (const xml of ['not xml at all', '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata"/>', '']) {
      const bad = await call('POST', `/${app.id}/Metadata`, staff, { xml });
      expect(bad.statusCode, xml).toBe(400);
      expect(fields(bad)).toEqual(['xml']);
    }
    const other = await dash.buildApplication({ name: 'Same SP' });
    const clash = await call('POST', `/${other.id}/Metadata`, staff, { xml: sp.getMetadata() });
    expect(clash.statusCode).toBe(400);
    expect(fields(clash)).toEqual(['xml.entityId']);
  });

  it('Test sign-on shows the NameID and attributes, and why the audience rules would refuse a member; never a key', async () => {
    const app = await dash.buildApplication({ name: 'Test sign-on' });
    expect((await call('PUT', `/${app.id}`, staff, { protocol: 'saml', saml: saml('test') })).statusCode).toBe(200);
    const member = await ctx.factories.buildMember();
    const res = await call('POST', `/${app.id}/TestSignOn`, staff, { loginId: member.loginId.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const test = res.json().results[0];
    expect(test).toMatchObject({
      loginId: member.loginId,
      nameId: member.loginId,
      nameIdFormat: UNSPECIFIED,
      audience: 'https://test.vendor.test/sp',
      acsUrl: 'https://test.vendor.test/acs',
      relayState: '/home',
      refused: false,
      reasons: [],
    });
    // jsonb keeps its own key order: the attributes as a set.
    expect(test.attributes).toHaveLength(2);
    expect(test.attributes).toEqual(
      expect.arrayContaining([
        { name: 'AgentID', value: member.loginId },
        { name: 'urn:oid:0.9.2342.19200300.100.1.3', value: `${member.loginId}@example.test` },
      ]),
    );
    expect(res.body).not.toMatch(/PRIVATE KEY|Signature|SAMLResponse/);
    const launches = await ctx.db.one<{ n: number }>('SELECT count(*)::int AS n FROM application_launches WHERE application_id = $1', [
      app.id,
    ]);
    expect(launches?.n).toBe(0);

    // Restricted to another association, and switched off by the member's main office.
    const otherAor = await ctx.factories.buildAssociation();
    await dash.restrictApplication(app.id, { aorId: otherAor.id });
    await dash.optOut(member.officeId, app.id);
    const refused = (await call('POST', `/${app.id}/TestSignOn`, staff, { loginId: member.loginId })).json().results[0];
    expect(refused.refused).toBe(true);
    expect(refused.reasons).toHaveLength(2);
    expect(refused.reasons[0]).toContain(`association ${otherAor.shortName}`);
    expect(refused.reasons[1]).toContain(`main office (${member.officeCode}) switched the application off`);

    const unknown = await call('POST', `/${app.id}/TestSignOn`, staff, { loginId: 'nobody-here' });
    expect(unknown.statusCode).toBe(400);
    expect(fields(unknown)).toEqual(['loginId']);
    expect(fields(await call('POST', `/${app.id}/TestSignOn`, staff, { loginId: '' }))).toEqual(['loginId']);
    const link = await dash.buildApplication({ name: 'Link only' });
    expect((await call('POST', `/${link.id}/TestSignOn`, staff, { loginId: member.loginId })).statusCode).toBe(400);
  });

  it('is in the OpenAPI document with its schemas', async () => {
    const doc = (await ctx.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: { properties?: object } }> } }>>;
    };
    for (const path of [
      '/api/app/SsoApplications',
      '/api/app/SsoApplications/{applicationId}',
      '/api/app/SsoApplications/{applicationId}/Metadata',
      '/api/app/SsoApplications/{applicationId}/TestSignOn',
    ])
      expect(Object.keys(doc.paths), path).toContain(path);
    const put = doc.paths['/api/app/SsoApplications/{applicationId}'].put;
    expect(JSON.stringify(put.requestBody)).toContain('signedRequestsRequired');
  });
});
