// The video library's public face: what other features may use. Its pages load through the router.
export { videoKeys } from './query-keys';
// The campaign wizard uploads an ad's video in place: the library's checks and chunked transport.
export { runChunkedUpload } from './chunk-upload';
export { apiTransport, sessionResumeStore } from './transport';
export { precheckVideo } from './use-video-uploads';
