import fs from 'node:fs';
import path from 'node:path';
import { ZH_CN_GLOSSARY } from '@ads/contracts';
import { describe, expect, it } from 'vitest';

// Every zh-CN text a user can read lives in these source trees: the web's message files, the
// contracts' notification and report texts, the server's demo data.
const ROOT = path.resolve(import.meta.dirname, '../../../../..');
const TREES = ['apps/web/src', 'apps/server/src', 'packages/contracts/src'];
const GLOSSARY_FILE = 'packages/contracts/src/glossary.ts';
const HAN = /[\u4e00-\u9fff]/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    // Tests may quote an old word on purpose; the glossary names its forbidden words.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const zhFiles = TREES.flatMap((tree) => sourceFiles(path.join(ROOT, tree)))
  .map((file) => ({ name: path.relative(ROOT, file).split(path.sep).join('/'), text: fs.readFileSync(file, 'utf8') }))
  .filter((file) => file.name !== GLOSSARY_FILE && HAN.test(file.text));

describe('the zh-CN glossary', () => {
  it('finds the zh-CN texts it checks', () => {
    const names = zhFiles.map((file) => file.name);
    expect(names).toContain('apps/web/src/shared/i18n/locales/zh-CN.ts');
    expect(names).toContain('apps/web/src/features/campaigns/messages/wizard.zh-CN.ts');
    expect(names).toContain('packages/contracts/src/notification-messages.ts');
    expect(names).toContain('packages/contracts/src/report-labels.ts');
  });

  it('is used by every zh-CN text: no forbidden synonym appears', () => {
    const found = zhFiles.flatMap((file) =>
      file.text.split('\n').flatMap((line, index) =>
        ZH_CN_GLOSSARY.flatMap((term) =>
          term.forbidden
            .filter((word) => line.includes(word))
            .map((word) => `${file.name}:${index + 1}: “${word}” — say “${term.zh}” (${term.en})`),
        ),
      ),
    );
    expect(found).toEqual([]);
  });

  it('never forbids one term’s word as another’s synonym', () => {
    const words = ZH_CN_GLOSSARY.map((term) => term.zh);
    const clashes = ZH_CN_GLOSSARY.flatMap((term) => term.forbidden.filter((word) => words.includes(word)));
    expect(clashes).toEqual([]);
  });
});
