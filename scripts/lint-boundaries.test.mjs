import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The import boundaries of eslint.config.js, tried on code as a newcomer might write it: each import
// is judged by the file it resolves to, however the path is spelled.
const root = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: root });

/** The messages of the boundary rules for `code` written in the repository's file `file`. */
const refusals = async (file, code) => {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages.filter((m) => /no-restricted-(paths|imports)/.test(m.ruleId ?? '')).map((m) => m.message);
};

describe('import boundaries', { timeout: 60_000 }, () => {
  it('a feature uses another feature through its index.ts only, however the path climbs', async () => {
    const file = 'apps/web/src/features/campaigns/components/zz-probe.ts';
    expect(await refusals(file, "export * from '../../asset-library';\n")).toEqual([]);
    expect(await refusals(file, "export * from '../../asset-library/components/folder-panel';\n")).toEqual([expect.stringMatching(/through its index\.ts/)]);
    expect(await refusals(file, "export * from '../../../features/asset-library/components/folder-panel';\n")).toEqual([expect.stringMatching(/through its index\.ts/)]);
    expect(await refusals(file, "export * from './campaign-table';\n")).toEqual([]);
  });

  it('shared imports neither features nor app; features never import app', async () => {
    expect(await refusals('apps/web/src/shared/zz-probe.ts', "export * from '../features/campaigns';\n")).toEqual([expect.stringMatching(/shared imports neither/)]);
    expect(await refusals('apps/web/src/features/campaigns/zz-probe.ts', "export * from '../../app/router/early-calls';\n")).toEqual([expect.stringMatching(/features never import app/)]);
  });

  it('only the UI kit imports antd', async () => {
    expect(await refusals('apps/web/src/features/campaigns/zz-probe.ts', "export { Tag } from 'antd';\n")).toEqual([expect.stringMatching(/Only the UI kit/)]);
    expect(await refusals('apps/web/src/shared/list/zz-probe.ts', "export type { SortOrder } from 'antd/es/table/interface';\n")).toEqual([expect.stringMatching(/Only the UI kit/)]);
    expect(await refusals('apps/web/src/shared/ui/zz-probe.ts', "export { Tag } from 'antd';\n")).toEqual([]);
  });

  it("the router alone imports a feature's pages", async () => {
    const page = "export * from '../../features/campaigns/pages/campaign-list-page';\n";
    expect(await refusals('apps/web/src/app/router/zz-probe.ts', page)).toEqual([]);
    expect(await refusals('apps/web/src/app/shell/zz-probe.ts', page)).toEqual([expect.stringMatching(/through its index\.ts/)]);
  });

  it("on the server nothing below app.ts imports upward, and a module never reads another's repository", async () => {
    const file = 'apps/server/src/modules/campaigns/zz-probe.ts';
    expect(await refusals(file, "export * from '../../app';\n")).toEqual([expect.stringMatching(/Below app\.ts/)]);
    expect(await refusals(file, "export * from '../assets/images.repository';\n")).toEqual([expect.stringMatching(/never its repository/)]);
    expect(await refusals(file, "export * from './campaigns.repository';\n")).toEqual([]);
    expect(await refusals('apps/server/src/modules/campaigns/zz-probe.test.ts', "export * from '../../app';\n")).toEqual([]);
    expect(await refusals('apps/server/src/plugins/zz-probe.ts', "export * from '../modules/campaigns/campaigns.service';\n")).toEqual([expect.stringMatching(/Plugins import no module/)]);
  });
});
