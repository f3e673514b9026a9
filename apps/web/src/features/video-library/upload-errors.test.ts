import i18n from '../../shared/i18n/translate';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api-client';
import { apiErrorText } from '../../shared/format';
import { uploadErrorText } from './use-video-uploads';
import './messages/register';

describe('video-library error texts', () => {
  it('word a lost connection as the shell does (one text for both libraries), in uploads and other calls', () => {
    const t = i18n.t.bind(i18n);
    const network = new ApiError({ code: 'NETWORK_ERROR', message: 'no response' });
    expect(uploadErrorText(t, { errorCode: 'NETWORK_ERROR' })).toBe('Network error, please retry');
    expect(apiErrorText(t, network, 'videoLibrary.errors')).toBe('Network error, please retry');

  });
});
