import type { ModuleDeps, ServerModule } from '../module';
import { contentRequestKind } from './publisher-content.repository';
import { publisherContentRoutes } from './publisher-content.routes';
import { createPublisherContentService } from './publisher-content.service';

type Deps = Parameters<typeof createPublisherContentService>[0];

/** Publisher content: publication requests for a publisher's series, reviewed video by video by staff. */
export const publisherContentModule = ({ db, now, audit, notifications, videoLinks }: ModuleDeps & Pick<Deps, 'audit' | 'notifications' | 'videoLinks'>) => {
  const publisherContent = createPublisherContentService({ db, audit, notifications, videoLinks, now });
  return {
    services: { publisherContent },
    kinds: [contentRequestKind],
    routes: (api) => publisherContentRoutes(api, publisherContent),
  } satisfies ServerModule;
};
