// The video library's public face: what other features may use. Its pages load through the router.
export { videoKeys } from './query-keys';
