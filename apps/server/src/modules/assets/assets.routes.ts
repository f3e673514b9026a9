import {
  createFolder,
  deleteFolder,
  deleteImages,
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
  rejectedImageList,
  renameFolder,
  renameImage,
  replaceRejectedImage,
  uploadImage,
} from '@ads/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/endpoint';
import { draining, filePart, rawRoute, sendFile } from '../../http/raw-route';
import type { AssetsService } from './assets.service';
import type { RecycleService } from './recycle.service';

export const assetsRoutes = async (app: FastifyInstance, assets: AssetsService, recycle: RecycleService) => {
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

  route(app, rejectedImageList, ({ principal, input }) => assets.rejectedImages(principal, input));

  route(app, recycleList, ({ principal, input }) => recycle.list(principal, input));
  route(app, recycleRestore, ({ principal, input }) => recycle.restore(principal, input));
  route(app, recycleDeleteForever, ({ principal, input }) => recycle.deleteForever(principal, input));
  route(app, recycleEmpty, ({ principal, input }) => recycle.empty(principal, input.kinds));

  // Multipart and file streams are not JSON: raw routes, still declared by their contracts.
  await app.register(async (files) => {
    await files.register(multipart, {
      // One byte over the limit reaches the service, which answers 413; nothing more is read.
      limits: { files: 1, fileSize: IMAGE_MAX_BYTES + 1, fields: 5, fieldSize: 100, parts: 6, headerPairs: 50 },
    });

    rawRoute(files, uploadImage, { consumes: 'multipart/form-data' }, async ({ request, principal, query }) => {
      const part = await filePart(request, 'image');
      const field = part.fields.folderId;
      const fromField = field && 'value' in field ? Number(field.value) : undefined;
      const folderId = query.folderId ?? (fromField && Number.isInteger(fromField) && fromField > 0 ? fromField : undefined);
      return draining(part.file, () => assets.upload(principal, { fileName: part.filename, stream: part.file, folderId }));
    });

    rawRoute(files, replaceRejectedImage, { consumes: 'multipart/form-data' }, async ({ request, principal, query }) => {
      const part = await filePart(request, 'image');
      return draining(part.file, () =>
        assets.replaceRejected(principal, {
          id: query.id,
          version: query.version,
          stream: part.file,
          fileName: part.filename,
          confirmDimensions: query.confirmDimensions === '1',
        }),
      );
    });

    rawRoute(files, imageFile, { file: true }, async ({ query, reply }) => {
      const { id, variant, download, exp, sig } = query;
      return sendFile(reply, await assets.openFile({ id, variant, exp, sig }), download === '1');
    });
  });
};
