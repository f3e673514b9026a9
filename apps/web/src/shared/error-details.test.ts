import { describe, expect, it } from 'vitest';
import { ApiError, errorDetails } from './api-client';

describe('errorDetails', () => {
  const duplicate = new ApiError({
    code: 'IMAGE_DUPLICATE',
    message: 'x',
    statusCode: 409,
    data: { errorCode: 'IMAGE_DUPLICATE', error: 'x', existing: { id: 3, name: 'a.png', folderId: null, inRecycleBin: true } },
  });

  it('reads the details of the code asked for', () => {
    expect(errorDetails(duplicate, 'IMAGE_DUPLICATE')?.existing).toEqual({ id: 3, name: 'a.png', folderId: null, inRecycleBin: true });
  });

  it('answers undefined for another code, a body-less error or anything else', () => {
    expect(errorDetails(duplicate, 'IMAGE_IN_USE')).toBeUndefined();
    expect(errorDetails(new ApiError({ code: 'IMAGE_DUPLICATE', message: 'x' }), 'IMAGE_DUPLICATE')).toBeUndefined();
    expect(errorDetails(new Error('x'), 'IMAGE_DUPLICATE')).toBeUndefined();
  });
});
