// The zh-CN glossary: one word for each key term of the product, so a campaign is never called three
// things on three pages. Every zh-CN text (web message files, notification and report texts) uses the
// `zh` word; `forbidden` lists the synonyms found or likely to creep in, and a web test
// (apps/web/src/shared/i18n/zh-glossary.test.ts) fails when one appears. Each word was chosen by what
// the message files used most when the glossary was made (November 2026); zod-free, so it costs no page anything.

export interface GlossaryTerm {
  /** The English term, as the en-US texts say it. */
  readonly en: string;
  /** The one zh-CN word for it. */
  readonly zh: string;
  /** Words that must not stand for it in zh-CN texts. */
  readonly forbidden: readonly string[];
}

export const ZH_CN_GLOSSARY: readonly GlossaryTerm[] = [
  // 广告活动 was the majority (73 against 53 for 广告系列, and 推广计划/计划 in the delivery texts). Bare
  // 计划 is forbidden too: the product has no other "plan", and it was only ever a short "campaign".
  { en: 'campaign', zh: '广告活动', forbidden: ['广告系列', '推广计划', '广告计划', '计划'] },
  { en: 'ad group', zh: '广告组', forbidden: ['广告单元', '推广单元', '广告组合'] },
  // 广告 is the word itself; no rival was in use, so there is nothing to forbid.
  { en: 'ad', zh: '广告', forbidden: [] },
  // The asset library and the wizard say 素材 throughout; 创意 never appeared.
  { en: 'creative', zh: '素材', forbidden: ['创意'] },
  { en: 'impression', zh: '展示', forbidden: ['曝光', '展现'] },
  { en: 'click', zh: '点击', forbidden: ['单击'] },
  { en: 'conversion', zh: '转化', forbidden: ['转换'] },
  // "Traffic" (the campaign objective, invalid traffic): 流量 everywhere but the wizard's 访问量.
  { en: 'traffic', zh: '流量', forbidden: ['访问量'] },
  { en: 'ad slot', zh: '广告位', forbidden: ['版位', '广告栏'] },
  // A placement (an ad on a slot, reviewed by its publisher) is 投放 in its own pages (投放审核, 投放验证,
  // "{{count}} 个投放"); the overview said 投放位置, the Disapproved Placements page 投放位, and the
  // delivery texts and notifications 展示位置.
  { en: 'placement', zh: '投放', forbidden: ['投放位置', '投放位', '展示位置'] },
  // 发布商 was the majority (about 30 against about 17 for 媒体, which the shell's titles and the role name used).
  { en: 'publisher', zh: '发布商', forbidden: ['媒体', '流量主', '出版商'] },
  { en: 'advertiser', zh: '广告主', forbidden: ['广告商'] },
  { en: 'budget', zh: '预算', forbidden: [] },
  // 花费 in reports and overview; 每次转化费用 (cost per conversion) is a separate, standard term.
  { en: 'spend', zh: '花费', forbidden: ['消耗', '消费', '支出'] },
  { en: 'bid', zh: '出价', forbidden: ['竞价', '报价'] },
];
