// The campaigns area's texts: loaded with its pages, not with the shell. Each part of the area keeps
// its own file (the wizard, the list and drawer, staff review); this one joins them.
import common from './common.en-US';
import delivery from './delivery.en-US';
import forecast from './forecast.en-US';
import list from './list.en-US';
import page from './page.en-US';
import review from './review.en-US';
import wizard from './wizard.en-US';

const messages = { campaigns: { common, delivery, forecast, list, page, review, wizard } };
export default messages;
