import { VIDEO_POSTER_PATH, VIDEO_UPLOAD_CHUNK_PATH, type Video, type VideoUpload } from '@ads/contracts';
import { callEndpoint } from '../../shared/data/call-endpoint';
import type { ResumeStore, UploadTransport } from './chunk-upload';
import { sendWithProgress } from '../../shared/xhr-send';

// The real network behind the chunk uploader, and the poster upload.

export const apiTransport: UploadTransport = {
  start: (input, signal) => callEndpoint('videos.startVideoUpload', input, { signal }),
  status: (uploadId, signal) => callEndpoint('videos.videoUploadStatus', { uploadId }, { signal }),
  chunk: ({ uploadId, offset, body, onProgress, signal }) =>
    sendWithProgress<VideoUpload>({
      method: 'PUT',
      path: VIDEO_UPLOAD_CHUNK_PATH,
      query: { uploadId, offset },
      body,
      contentType: 'application/octet-stream',
      onProgress,
      signal,
    }),
  complete: (uploadId, signal) => callEndpoint('videos.completeVideoUpload', { uploadId }, { signal }),
  cancel: async (uploadId) => {
    await callEndpoint('videos.cancelVideoUpload', { uploadId });
  },
};

/** Upload ids live in sessionStorage: a reload keeps them, closing the tab forgets them. */
export const sessionResumeStore: ResumeStore = {
  get: (key) => {
    try {
      return sessionStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key, value) => {
    try {
      sessionStorage.setItem(key, value);
    } catch {
      // Not remembered: a reload starts the file again, nothing worse.
    }
  },
  remove: (key) => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to forget.
    }
  },
};

/** Sets a video's poster (jpeg, png or webp); answers the video with its new posterUrl. */
export function uploadPoster(video: Pick<Video, 'id' | 'version'>, image: Blob, fileName = 'poster.jpg'): Promise<Video> {
  const form = new FormData();
  form.append('file', image, fileName);
  return sendWithProgress<Video>({ method: 'POST', path: VIDEO_POSTER_PATH, query: { id: video.id, version: video.version }, body: form });
}
