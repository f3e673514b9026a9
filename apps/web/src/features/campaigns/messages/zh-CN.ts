// The campaigns area's texts: loaded with its pages, not with the shell. Each part of the area keeps
// its own file (the wizard, the list and drawer, staff review); this one joins them.
import common from './common.zh-CN';
import delivery from './delivery.zh-CN';
import forecast from './forecast.zh-CN';
import list from './list.zh-CN';
import page from './page.zh-CN';
import review from './review.zh-CN';
import wizard from './wizard.zh-CN';

const messages = { campaigns: { common, delivery, forecast, list, page, review, wizard } };
export default messages;
