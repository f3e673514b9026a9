// The ad slots area's texts: loaded with its pages, not with the shell. Each part keeps its own
// file (the slot list and drawer, the slot form, staff review, validation); this one joins them.
import slotForm from './slot-form.zh-CN';
import slotReview from './slot-review.zh-CN';
import slots from './slots.zh-CN';
import validation from './validation.zh-CN';

const messages = { inventory: { slots, slotForm, slotReview, validation } };
export default messages;
