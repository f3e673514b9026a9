import { queryKeys } from '../../shared/data/query-keys';

/** Every query of the video library (its keys live in the shared registry). */
export const videoKeys = queryKeys.videos;
