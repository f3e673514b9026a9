import type { Location } from '../../../shared/router/router';

/**
 * Which wizard an address shows: a navigation opens a new one, but the wizard's own write of a new
 * campaign's id into the address (after its first save) keeps it (`state.wizardKey`). An address
 * typed by hand may share the key of the entry before it ("default"): the query tells them apart.
 */
export const wizardKeyOf = (location: Pick<Location, 'key' | 'search' | 'state'>): string =>
  (location.state as { wizardKey?: string } | null)?.wizardKey ?? `${location.key}${location.search}`;
