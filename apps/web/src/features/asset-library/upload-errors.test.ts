import i18n from '../../shared/i18n/translate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api-client';
import { apiErrorText } from '../../shared/format';
import { uploadErrorText } from './upload';
import './messages/register';

describe('asset-library error texts', () => {
  it('word a lost connection as the shell does (one text for both libraries), in uploads and other calls', () => {
    const t = i18n.t.bind(i18n);
    const network = new ApiError({ code: 'NETWORK_ERROR', message: 'no response' });
    expect(uploadErrorText(t, { errorCode: 'NETWORK_ERROR' })).toBe('Network error, please retry');
    expect(apiErrorText(t, network, 'assetLibrary.errors')).toBe('Network error, please retry');
  expect(uploadErrorText(t, { errorCode: 'IMAGE_TOO_LARGE_DECODED' })).toMatch(/8 bits per channel/);
  });
});
