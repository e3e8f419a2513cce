import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '../../domain/bikes';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE, CHAT_PLACE_LABEL_MAX_LENGTH, CHAT_REPORT_REASON_MAX_LENGTH } from '../../domain/chats';
import { MESSAGE_MAX_LENGTH, PAGE_SIZE, PHOTO_MAX_BYTES, PLACE_LABEL_MAX_LENGTH, photoProblem, REPORT_REASON_MAX_LENGTH } from './limits';

describe('chat limits on the web', () => {
  it('are the contract’s', () => {
    expect(MESSAGE_MAX_LENGTH).toBe(CHAT_MESSAGE_MAX_LENGTH);
    expect(REPORT_REASON_MAX_LENGTH).toBe(CHAT_REPORT_REASON_MAX_LENGTH);
    expect(PAGE_SIZE).toBe(CHAT_PAGE_SIZE);
    expect(PLACE_LABEL_MAX_LENGTH).toBe(CHAT_PLACE_LABEL_MAX_LENGTH);
    expect(PHOTO_MAX_BYTES).toBe(UPLOAD_MAX_BYTES);
  });
});

describe('photoProblem', () => {
  it('takes the image types the server decodes, up to the size limit', () => {
    expect(photoProblem({ size: 1000, type: 'image/jpeg' })).toBeNull();
    expect(photoProblem({ size: 1000, type: 'image/heic' })).toBeNull();
    expect(photoProblem({ size: PHOTO_MAX_BYTES, type: 'image/png' })).toBeNull();
    // A type the browser does not name is for the server to judge by the bytes.
    expect(photoProblem({ size: 1000, type: '' })).toBeNull();
  });

  it('refuses other types, too large and empty files', () => {
    expect(photoProblem({ size: 1000, type: 'application/pdf' })).toBe('file_type_not_allowed');
    expect(photoProblem({ size: 1000, type: 'image/gif' })).toBe('file_type_not_allowed');
    expect(photoProblem({ size: PHOTO_MAX_BYTES + 1, type: 'image/jpeg' })).toBe('file_too_large');
    expect(photoProblem({ size: 0, type: 'image/jpeg' })).toBe('file_missing');
  });
});
