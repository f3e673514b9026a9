// The placements area's texts: loaded with its pages, not with the shell. Each side keeps its own
// file (the publisher's Placement Review and Validation; the advertiser's Slot Review, Slot Validation
// and Disapproved Placements); this one joins them.
import brandSafety from './brand-safety.zh-CN';
import placements from './placements.zh-CN';

const messages = { inventory: { placements }, brandSafety };
export default messages;
