import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ImportEdge } from './import-graph';
import { describeViolation, layerViolations, type Violation } from './layers';

const root = resolve(import.meta.dirname, '../..');

const edge = (from: string, to: string | null, isDynamic = false): ImportEdge => ({ from, to, specifier: '(test)', isDynamic, line: 1 });
const rulesOf = (edges: ImportEdge[], rule: Violation['rule']) => layerViolations(root, edges).filter((v) => v.rule === rule);

const S = 'apps/server/src';
const W = 'apps/web/src';

describe('the layers, doors and loops of the code (docs/architecture.md)', () => {
  // One walk of the repository serves both checks (about 5 s: every file parsed, every import resolved).
  const inRepository = () => (walked ??= layerViolations(root));
  let walked: Violation[] | undefined;

  it('holds in the server and packages/shared', { timeout: 120_000 }, () => {
    const found = inRepository().filter((v) => !v.where.startsWith(`${W}/`) && !v.where.startsWith('web:'));
    expect(found.map(describeViolation).join('\n')).toBe('');
  });

  it('holds in the web app', { timeout: 120_000 }, () => {
    const found = inRepository().filter((v) => v.where.startsWith(`${W}/`) || v.where.startsWith('web:'));
    expect(found.map(describeViolation).join('\n')).toBe('');
  });

  it("refuses an import that skips a server module's or a web feature's index.ts", () => {
    const found = rulesOf(
      [
        edge(`${S}/modules/feed-import/service.ts`, `${S}/modules/feed/repository.ts`),
        edge(`${S}/plugins/auth.ts`, `${S}/modules/eula/repository.ts`),
        edge(`${W}/features/sso/SsoPanel.tsx`, `${W}/features/settings/components/LeaveModal.tsx`),
        edge(`${W}/app/shell/MemberGate.tsx`, `${W}/features/eula/api.ts`),
      ],
      'skips-index',
    );
    expect(found.map((v) => v.where)).toEqual([
      `${S}/modules/feed-import/service.ts:1`,
      `${S}/plugins/auth.ts:1`,
      `${W}/features/sso/SsoPanel.tsx:1`,
      `${W}/app/shell/MemberGate.tsx:1`,
    ]);
  });

  it("lets a module use its own files, others its index, the router a lazy page's own file, and a test reach in", () => {
    const edges = [
      edge(`${S}/modules/feed/service.ts`, `${S}/modules/feed/repository.ts`),
      edge(`${S}/modules/feed-import/service.ts`, `${S}/modules/feed/index.ts`),
      edge(`${W}/features/sso/SsoPanel.tsx`, `${W}/features/settings/index.ts`),
      edge(`${W}/app/routes.tsx`, `${W}/features/articles/ArticlesPage.tsx`, true),
      edge(`${S}/modules/cases/cases.test.ts`, `${S}/modules/live/hub.ts`),
    ];
    expect(layerViolations(root, edges)).toEqual([]);
  });

  it('refuses a static import of a feature file by the router: only a lazy page may skip the door', () => {
    expect(rulesOf([edge(`${W}/app/routes.tsx`, `${W}/features/dashboard/queries.ts`)], 'skips-index')).toHaveLength(1);
    expect(
      rulesOf([edge(`${W}/features/admin/tabs.tsx`, `${W}/features/articles/admin/ArticlesPanel.tsx`, true)], 'skips-index'),
    ).toHaveLength(1);
  });

  it('refuses an import up a layer: ui or core importing a feature or app, a feature importing app', () => {
    const found = rulesOf(
      [
        edge(`${W}/features/registered/api.ts`, `${W}/app/routes.tsx`),
        edge(`${W}/ui/RichTextField.tsx`, `${W}/core/auth.ts`),
        edge(`${W}/ui/DataTable.tsx`, `${W}/features/settings/index.ts`),
        edge(`${W}/core/member.tsx`, `${W}/features/eula/index.ts`),
        edge(`${W}/core/api.ts`, `${W}/app/App.tsx`),
      ],
      'up-a-layer',
    );
    expect(found).toHaveLength(5);
  });

  it('lets each layer import its own and the lower ones', () => {
    const edges = [
      edge(`${W}/app/App.tsx`, `${W}/features/instance/index.ts`),
      edge(`${W}/app/App.tsx`, `${W}/core/auth.ts`),
      edge(`${W}/features/registered/api.ts`, `${W}/core/api.ts`),
      edge(`${W}/features/registered/api.ts`, `${W}/ui/notify.ts`),
      edge(`${W}/core/shell/PublicLayout.tsx`, `${W}/ui/PageTitle.tsx`),
    ];
    expect(layerViolations(root, edges)).toEqual([]);
  });

  it("refuses a module's routes importing a repository, its own or through another door; a service may", () => {
    const found = rulesOf(
      [
        edge(`${S}/modules/ads/routes.ts`, `${S}/modules/ads/repository.ts`),
        edge(`${S}/modules/training-requirements/import-routes.ts`, `${S}/modules/training-requirements/import-repository.ts`),
        edge(`${S}/modules/ads/service.ts`, `${S}/modules/ads/repository.ts`),
        edge(`${S}/modules/ads/routes.ts`, `${S}/modules/ads/service.ts`),
      ],
      'routes-skip-service',
    );
    expect(found.map((v) => v.where)).toEqual([`${S}/modules/ads/routes.ts:1`, `${S}/modules/training-requirements/import-routes.ts:1`]);
  });

  it('refuses packages/shared importing an app', () => {
    expect(rulesOf([edge('packages/shared/src/domain/viewer.ts', `${W}/core/api.ts`)], 'shared-imports-app')).toHaveLength(1);
  });

  it('refuses a loop between server modules or web features, and names the imports that close it', () => {
    const found = rulesOf(
      [
        edge(`${S}/modules/cases/service.ts`, `${S}/modules/live/index.ts`),
        edge(`${S}/modules/live/policy.ts`, `${S}/modules/cases/index.ts`),
        edge(`${W}/features/sso/SsoEditor.tsx`, `${W}/features/launcher-applications/index.ts`),
        edge(`${W}/features/launcher-applications/api.ts`, `${W}/features/sso/index.ts`),
      ],
      'cycle',
    );
    expect(found.map((v) => v.where)).toEqual(['server:cases <-> server:live', 'web:launcher-applications <-> web:sso']);
    expect(found[0].detail).toContain(`${S}/modules/live/policy.ts:1 -> ${S}/modules/cases/index.ts`);
  });
});
