import {
  createFolder,
  deleteFolder,
  deleteImages,
  ERROR_CODES,
  folderTree,
  IMAGE_MAX_BYTES,
  imageDetail,
  imageFile,
  imageList,
  moveFolder,
  moveImages,
  recycleDeleteForever,
  recycleEmpty,
  recycleList,
  recycleRestore,
  renameFolder,
  renameImage,
  uploadImage,
} from '@ads/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { route } from '../../http/endpoint';
import type { Principal } from '../../principal';
import type { AssetsService } from './assets.service';

/** RFC 6266 / 5987: an ASCII fallback and the exact name as UTF-8. */
export const contentDisposition = (type: 'inline' | 'attachment', fileName: string): string => {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${type}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
};

export const assetsRoutes = async (app: FastifyInstance, assets: AssetsService) => {
  route(app, folderTree, ({ principal }) => assets.folderTree(principal));
  route(app, createFolder, ({ principal, input }) => assets.createFolder(principal, input));
  route(app, renameFolder, ({ principal, input }) => assets.renameFolder(principal, input));
  route(app, moveFolder, ({ principal, input }) => assets.moveFolder(principal, input));
  route(app, deleteFolder, ({ principal, input }) => assets.deleteFolder(principal, input.id));

  route(app, imageList, ({ principal, input }) => assets.listImages(principal, input));
  route(app, imageDetail, ({ principal, input }) => assets.imageDetail(principal, input.id));
  route(app, renameImage, ({ principal, input }) => assets.renameImage(principal, input));
  route(app, moveImages, ({ principal, input }) => assets.moveImages(principal, input));
  route(app, deleteImages, ({ principal, input }) => assets.deleteImages(principal, input));

  route(app, recycleList, ({ principal, input }) => assets.recycleList(principal, input));
  route(app, recycleRestore, ({ principal, input }) => assets.restore(principal, input));
  route(app, recycleDeleteForever, ({ principal, input }) => assets.deleteForever(principal, input));
  route(app, recycleEmpty, ({ principal }) => assets.emptyBin(principal));

  // Multipart and file streams are not JSON: registered here, with the contracts' access and schemas.
  await app.register(async (files) => {
    await files.register(multipart, {
      // One byte over the limit reaches the service, which answers 413; nothing more is read.
      limits: { files: 1, fileSize: IMAGE_MAX_BYTES + 1, fields: 5, fieldSize: 100, parts: 6, headerPairs: 50 },
    });
    const typed = files.withTypeProvider<ZodTypeProvider>();

    typed.route({
      method: 'POST',
      url: uploadImage.path,
      config: { access: uploadImage.access },
      schema: {
        summary: uploadImage.summary,
        tags: [uploadImage.tag],
        consumes: ['multipart/form-data'],
        querystring: uploadImage.request,
        response: { 200: uploadImage.response },
        security: [{ bearer: [] }],
      },
      handler: async (request) => {
        if (!request.isMultipart()) {
          throw new AppError(400, ERROR_CODES.validationFailed, 'Send the image as multipart/form-data.', {
            fields: { file: 'Choose a file' },
          });
        }
        const part = await request.file();
        if (!part) throw new AppError(400, ERROR_CODES.validationFailed, 'No file was sent.', { fields: { file: 'Choose a file' } });
        const field = part.fields.folderId;
        const fromField = field && 'value' in field ? Number(field.value) : undefined;
        const folderId = request.query.folderId ?? (fromField && Number.isInteger(fromField) && fromField > 0 ? fromField : undefined);
        try {
          return await assets.upload(request.principal as Principal, { fileName: part.filename, stream: part.file, folderId });
        } finally {
          // Whatever was refused early, the rest of the upload is drained, not left hanging.
          part.file.resume();
        }
      },
    });

    typed.route({
      method: 'GET',
      url: imageFile.path,
      config: { access: imageFile.access },
      schema: {
        summary: imageFile.summary,
        tags: [imageFile.tag],
        querystring: imageFile.request,
        security: [{ bearer: [] }],
      },
      handler: async (request, reply) => {
        const { id, variant, download } = request.query;
        const file = await assets.openFile(request.principal as Principal, { id, variant });
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Length', String(file.size))
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, max-age=31536000, immutable')
          .header('Content-Disposition', contentDisposition(download ? 'attachment' : 'inline', file.fileName))
          .send(file.stream);
      },
    });
  });
};
