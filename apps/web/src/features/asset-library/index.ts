// The asset library's public face: what other features may use. Its pages load through the router.
export { assetKeys } from './api';
// The video library's bin is this view narrowed to videos (publishers have no Recycle Bin menu).
export { RecycleBinView } from './components/recycle-bin-view';
// The campaign wizard uploads an ad's image in place, with the gallery's checks.
export { precheckFile as precheckImageFile, uploadFile as uploadImageFile } from './upload';
