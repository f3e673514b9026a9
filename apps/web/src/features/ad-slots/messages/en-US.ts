// The ad slots area's texts: loaded with its pages, not with the shell. Each part keeps its own
// file (the slot list and drawer, the slot form, staff review, validation); this one joins them.
import slotForm from './slot-form.en-US';
import slotReview from './slot-review.en-US';
import slots from './slots.en-US';
import validation from './validation.en-US';

const messages = { inventory: { slots, slotForm, slotReview, validation } };
export default messages;
