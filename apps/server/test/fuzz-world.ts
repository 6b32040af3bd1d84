import type { Db } from '../src/db/index';
import { validAdminMessage } from './admin-messages';
import { createContentFactories } from './content-factories';
import type { TestContext } from './context';
import type { BuiltMember } from './factories';
import type { KnownIds } from './fuzz-values';
import { buildListing, giveMlsId, listingPayload } from './registered-factories';
import { buildConnectedApp, buildSettingsCatalog } from './settings-factories';
import { createTrainingFactories } from './training-factories';

export interface FuzzWorld {
  agent: BuiltMember;
  broker: BuiltMember;
  aorStaff: BuiltMember;
  mlsStaff: BuiltMember;
  ids: KnownIds;
  /** Valid bodies of the calls whose plausible body would not pass their own rules. */
  validBodies: Record<string, Record<string, unknown>>;
}

/**
 * Demo-like data for the fuzz test, made with the test factories: one association with a main office, an agent (the
 * first member, so that id 1 is theirs), a broker, association staff and MLS staff, and a first row of each table a
 * call names by id, which these members may see or change.
 */
export async function buildFuzzWorld(ctx: TestContext): Promise<FuzzWorld> {
  const f = ctx.factories;
  const db: Db = ctx.db;
  const aor = await f.buildAssociation('FZ');
  const office = await f.buildOffice({ aorId: aor.id, code: 'FZ100' });
  const agent = await f.buildMember({ type: 'Agent', office });
  const broker = await f.buildMember({ type: 'Broker', office });
  const aorStaff = await f.buildMember({ type: 'Association Staff', office, isCrmlsAorAdmin: true });
  const mlsStaff = await f.buildMember({ type: 'MLS Staff', office, isCrmlsAdmin: true });
  const mlsId = await giveMlsId(db, agent);
  const listing = await buildListing(db, agent);
  const content = createContentFactories(db);
  const category = await content.buildCategory();
  await content.buildArticle({ categoryId: category, aorId: aor.id });
  await content.buildSystemNotification({ aorId: aor.id });
  const campaign = await content.buildCampaignType();
  await content.buildNotifications(agent.memberId, campaign, 3);
  const training = createTrainingFactories(db);
  const trainingClass = await training.buildClass({ aorId: aor.id });
  await training.buildRequest(agent.memberId, trainingClass.topic.id, null);
  const catalog = await buildSettingsCatalog(db);
  const application = await buildConnectedApp(db);
  await db.query("INSERT INTO report_reasons (reason_text) VALUES ('Fuzz reason')");
  const ids: KnownIds = {
    id: 1,
    memberId: agent.memberId,
    memberID: agent.memberId,
    requestedBy: agent.memberId,
    officeId: office.id,
    aorId: aor.id,
    ownerId: agent.memberId,
    typeId: catalog.open,
    applicationId: application,
    trainingClassId: trainingClass.id,
    trainingTopicId: trainingClass.topic.id,
    articleCategoryId: category,
    systemNotificationStatusId: 1,
    reportReasonId: 1,
    lookupType: 1,
    listingId: listing.id,
  };
  const future = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const article = {
    title: 'A fuzzed article',
    byline: 'By fuzz',
    content: '<p>Body of the article</p>',
    publishOn: future(1),
    expiresOn: future(30),
    articleCategoryId: category,
  };
  const validBodies: Record<string, Record<string, unknown>> = {
    'POST /api/app/Registration': { ...listingPayload(mlsId) },
    'PUT /api/app/Registration/{id}': { ...listingPayload(mlsId), version: 1 },
    'PUT /api/app/Registration/status/{id}': { standardStatus: 'C', cancellationDate: new Date().toISOString().slice(0, 10), version: 1 },
    'POST /api/app/article/': article,
    'PUT /api/app/article/{articleId}': article,
    'POST /api/app/classRequest': {
      requestedBy: agent.memberId,
      trainingTopicId: trainingClass.topic.id,
      comments: 'Please run it',
      dateTime: future(9).slice(0, 19),
    },
    'POST /Reports/CreateReport': { reportReasonId: 1, listingId: listing.listingId, text: 'Wrong photo', reportingParty: 'Me' },
    'POST /api/app/SystemNotification/': validAdminMessage(),
    'PUT /api/app/SystemNotification/{id}': validAdminMessage(),
    'POST /api/app/WorkItem/': { workItemDefinitionId: 1, title: 'Help please', fields: { CaseOrigin: 'webform', Body: 'It broke' } },
  };
  return { agent, broker, aorStaff, mlsStaff, ids, validBodies };
}
