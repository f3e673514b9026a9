import type { Readable } from 'node:stream';
import {
  cancelVideoUpload,
  completeVideoUpload,
  createSeries,
  deleteSeries,
  deleteVideos,
  ERROR_CODES,
  renameSeries,
  renameVideo,
  reorderSeries,
  seriesList,
  setVideoPoster,
  setVideoSeries,
  startVideoUpload,
  uploadVideoChunk,
  VIDEO_POSTER_MAX_BYTES,
  videoDetail,
  videoFile,
  videoList,
  videoUploadStatus,
} from '@ads/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { route } from '../../http/endpoint';
import { draining, filePart, rawRoute, sendFile } from '../../http/raw-route';
import type { VideosService } from './videos.service';

export const videosRoutes = async (app: FastifyInstance, videos: VideosService) => {
  route(app, seriesList, ({ principal }) => videos.listSeries(principal));
  route(app, createSeries, ({ principal, input }) => videos.createSeries(principal, input));
  route(app, renameSeries, ({ principal, input }) => videos.renameSeries(principal, input));
  route(app, deleteSeries, ({ principal, input }) => videos.deleteSeries(principal, input));
  route(app, reorderSeries, ({ principal, input }) => videos.reorderSeries(principal, input));

  route(app, videoList, ({ principal, input }) => videos.listVideos(principal, input));
  route(app, videoDetail, ({ principal, input }) => videos.videoDetail(principal, input.id));
  route(app, renameVideo, ({ principal, input }) => videos.renameVideo(principal, input));
  route(app, setVideoSeries, ({ principal, input }) => videos.setSeries(principal, input));
  route(app, deleteVideos, ({ principal, input }) => videos.deleteVideos(principal, input));

  route(app, startVideoUpload, ({ principal, input }) => videos.startUpload(principal, input));
  route(app, videoUploadStatus, ({ principal, input }) => videos.uploadStatus(principal, input.uploadId));
  route(app, completeVideoUpload, ({ principal, input }) => videos.completeUpload(principal, input.uploadId));
  route(app, cancelVideoUpload, ({ principal, input }) => videos.cancelUpload(principal, input.uploadId));

  // Raw chunks, multipart posters and file streams are not JSON: registered here, with the contracts' access and schemas.
  await app.register(async (files) => {
    // The chunk's body reaches the service as a stream (it is written to disk, never buffered whole).
    files.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    await files.register(multipart, {
      // One byte over the limit reaches the service, which answers 413; nothing more is read.
      limits: { files: 1, fileSize: VIDEO_POSTER_MAX_BYTES + 1, fields: 2, fieldSize: 100, parts: 3, headerPairs: 50 },
    });
    rawRoute(files, uploadVideoChunk, { consumes: 'application/octet-stream' }, async ({ request, principal, query }) => {
      const stream = request.body as Readable | undefined;
      if (!stream || typeof stream.pipe !== 'function') {
        throw new AppError(400, ERROR_CODES.validationFailed, 'Send the chunk as application/octet-stream.');
      }
      return draining(stream, () => videos.uploadChunk(principal, { ...query, stream }));
    });

    rawRoute(files, setVideoPoster, { consumes: 'multipart/form-data' }, async ({ request, principal, query }) => {
      const part = await filePart(request, 'poster');
      return draining(part.file, () => videos.setPoster(principal, { ...query, stream: part.file }));
    });

    rawRoute(files, videoFile, { file: true }, async ({ request, query, reply }) => {
      const { id, variant, download, exp, sig } = query;
      const file = await videos.openFile({ id, variant, exp, sig, range: request.headers.range });
      return sendFile(reply, { ...file, acceptRanges: variant === 'video' }, download === '1');
    });
  });
};
