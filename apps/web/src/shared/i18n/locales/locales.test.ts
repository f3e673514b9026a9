import { describe, expect, it } from 'vitest';
import enUS from './en-US';
import { keysOf as keys } from './keys';
import zhCN from './zh-CN';


describe('locales', () => {
  it('have the same keys in en-US and zh-CN', () => {
    expect(keys(zhCN).sort()).toEqual(keys(enUS).sort());
  });

  it('hold the specified texts exactly', () => {
    expect(enUS.shell.logoutSuccess).toBe('Exit successful');
    expect(zhCN.shell.networkError).toBe('网络错误，请重试');
    expect(enUS.shell.networkError).toBe('Network error, please retry');
    expect(enUS.login.email).toBe('Email');
    expect(enUS.login.password).toBe('Password');
    expect(enUS.login.submit).toBe('Sign in');
    expect(enUS.actionCenter.actions).toBe('Actions');
    expect(enUS.actionCenter.notifications).toBe('Notifications');
    expect(enUS.actionCenter.markAllRead).toBe('Mark All as Read');
    expect(enUS.actionCenter.allRead).toBe('All Read');
    expect([zhCN.actionCenter.noTitle, zhCN.actionCenter.noContent, zhCN.actionCenter.unknownTime]).toEqual(['无标题', '无内容', '未知时间']);
  });
});
