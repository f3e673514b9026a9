import { describe, expect, it } from 'vitest';
import enUS from '../messages/wizard.en-US';
import zhCN from '../messages/wizard.zh-CN';

// The prompt's wording is fixed in both languages: checked to the letter.
describe('the unsaved-changes prompt', () => {
  it('has the given en-US texts', () => {
    expect(enUS.leave).toEqual({
      title: 'Unsaved changes',
      content: 'Do you want to save this campaign as a draft before leaving, or just leave without saving?',
      leave: 'Leave without saving',
      save: 'Save as Draft',
    });
  });

  it('has the given zh-CN texts', () => {
    expect(zhCN.leave).toEqual({
      title: '未保存的更改',
      content: '离开前是否将此广告活动保存为草稿，还是直接离开而不保存？',
      leave: '不保存离开',
      save: '保存为草稿',
    });
  });
});
