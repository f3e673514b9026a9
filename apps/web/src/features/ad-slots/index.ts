// What other features use of the ad slots (its pages load through the router, app/router): the
// placements' slot filter lists the publisher's slots, named and sized as the slot pages write them.
export { useAdSlotList } from './api';
export { sizeText } from './components/format';
