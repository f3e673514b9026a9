import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined, SyncOutlined } from '@ant-design/icons';
import {
  CLICK_ID_PARAM,
  CONVERSION_POSTBACK_PATH,
  CONVERSION_SCRIPT_PATH,
  ORDER_ID_MAX,
  POSTBACK_SKEW_SECONDS,
  type ConversionTag,
} from '@ads/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/translate';
import { isApiError } from '../../../shared/api-client';
import { formatMoney } from '../../../shared/money';
import { Alert } from '../../../shared/ui/alert';
import { Button } from '../../../shared/ui/button';
import { useConfirm } from '../../../shared/ui/confirm';
import { showToast } from '../../../shared/ui/toast';
import { useRotateConversionSecret } from '../api';
import { Snippet } from './snippet';
import { copyText, errorText, useAccountCurrency } from './format';

/** The example value of the conversion call, in minor units. */
const EXAMPLE_VALUE = 1999;
const BODY_FIELDS = ['tag', 'clid', 'order', 'value', 'ts', 'signature'] as const;

const scriptTag = (origin: string, tagId: string) => `<script src="${origin}${CONVERSION_SCRIPT_PATH}?tag=${tagId}"></script>`;
const conversionCall = () => `<script>\n  adsConversion({ order: 'ORDER-1234', value: ${EXAMPLE_VALUE} });\n</script>`;
const exampleBody = (tagId: string) =>
  JSON.stringify({ tag: tagId, clid: `<${CLICK_ID_PARAM}>`, order: 'ORDER-1234', value: EXAMPLE_VALUE, ts: 1767225600, signature: '<64 hex digits>' }, null, 2);
const nodeExample = (url: string, tagId: string) =>
  [
    "import { createHmac } from 'node:crypto';",
    '',
    `const tag = '${tagId}';`,
    'const secret = process.env.ADS_CONVERSION_SECRET;',
    `const clid = order.${CLICK_ID_PARAM};`,
    'const ts = Math.floor(Date.now() / 1000);',
    'const value = order.valueInCents;',
    "const signature = createHmac('sha256', secret).update(`${tag}.${clid}.${order.id}.${value}.${ts}`).digest('hex');",
    '',
    `await fetch('${url}', {`,
    "  method: 'POST',",
    "  headers: { 'Content-Type': 'application/json' },",
    '  body: JSON.stringify({ tag, clid, order: order.id, value, ts, signature }),',
    '});',
  ].join('\n');

/** How to install the tag, report a conversion, and sign a postback; the secret shown on demand and rotated. */
export function SetupPanel({ tag, canEdit, onRefetch }: { tag: ConversionTag; canEdit: boolean; onRefetch: () => void }) {
  const { t, i18n } = useTranslation();
  const currency = useAccountCurrency();
  const rotate = useRotateConversionSecret();
  const [confirm, confirmHolder] = useConfirm();
  const [shown, setShown] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const origin = window.location.origin;
  const postbackUrl = `${origin}${CONVERSION_POSTBACK_PATH}`;

  const askRotate = () =>
    confirm({
      title: t('conversions.setup.rotateTitle'),
      content: t('conversions.setup.rotateContent'),
      okText: t('conversions.setup.rotateOk'),
      okButtonProps: { danger: true },
      cancelText: t('conversions.setup.cancel'),
      onOk: async () => {
        setFailure(null);
        try {
          await rotate.mutateAsync({ version: tag.version });
          showToast('success', t('conversions.setup.rotated'));
        } catch (cause) {
          const stale = isApiError(cause) && cause.code === 'STALE_VERSION';
          setFailure(errorText(t, cause));
          if (stale) onRefetch();
        }
      },
    });

  return (
    <div className="conversion-panel">
      <p className="conversion-help">{t('conversions.setup.intro')}</p>

      <section aria-labelledby="conversion-tag-title">
        <h3 id="conversion-tag-title" className="conversion-section-title">
          {t('conversions.setup.tagTitle')}
        </h3>
        <p className="conversion-help">{t('conversions.setup.tagHelp', { param: CLICK_ID_PARAM })}</p>
        <Snippet code={scriptTag(origin, tag.tagId)} label={t('conversions.setup.snippet.tag')} />
        <p className="conversion-help">
          {t('conversions.setup.tagId')} <code>{tag.tagId}</code>
        </p>
      </section>

      <section aria-labelledby="conversion-call-title">
        <h3 id="conversion-call-title" className="conversion-section-title">
          {t('conversions.setup.callTitle')}
        </h3>
        <p className="conversion-help">
          {t('conversions.setup.callHelp', { example: EXAMPLE_VALUE, money: formatMoney(EXAMPLE_VALUE, currency, i18n.language) })}
        </p>
        <p className="conversion-help">{t('conversions.setup.orderHelp', { max: ORDER_ID_MAX })}</p>
        <Snippet code={conversionCall()} label={t('conversions.setup.snippet.call')} />
      </section>

      <section aria-labelledby="conversion-postback-title">
        <h3 id="conversion-postback-title" className="conversion-section-title">
          {t('conversions.setup.postbackTitle')}
        </h3>
        <p className="conversion-help">{t('conversions.setup.postbackHelp', { param: CLICK_ID_PARAM })}</p>
        <Snippet code={`POST ${postbackUrl}\nContent-Type: application/json`} label={t('conversions.setup.snippet.request')} />
        <h4 className="conversion-subtitle">{t('conversions.setup.fieldsTitle')}</h4>
        <dl className="conversion-fields">
          {BODY_FIELDS.map((field) => (
            <div key={field}>
              <dt>
                <code>{field}</code>
              </dt>
              <dd>{t(`conversions.setup.field.${field}`, { tagId: tag.tagId, param: CLICK_ID_PARAM, max: ORDER_ID_MAX, minutes: POSTBACK_SKEW_SECONDS / 60 })}</dd>
            </div>
          ))}
        </dl>
        <Snippet code={exampleBody(tag.tagId)} label={t('conversions.setup.snippet.body')} />

        <h4 className="conversion-subtitle">{t('conversions.setup.signTitle')}</h4>
        <p className="conversion-help">{t('conversions.setup.signHelp')}</p>
        <Snippet code="HMAC-SHA256(secret, tag + '.' + clid + '.' + order + '.' + value + '.' + ts)" label={t('conversions.setup.snippet.sign')} />
        <h4 className="conversion-subtitle">{t('conversions.setup.exampleTitle')}</h4>
        <Snippet code={nodeExample(postbackUrl, tag.tagId)} label={t('conversions.setup.snippet.example')} />
        <p className="conversion-help">{t('conversions.setup.answers')}</p>

        <h4 className="conversion-subtitle" id="conversion-secret-title">
          {t('conversions.setup.secret')}
        </h4>
        <div className="conversion-secret" role="group" aria-labelledby="conversion-secret-title">
          <code className="conversion-secret-value" aria-live="polite">
            {shown ? (
              tag.secret
            ) : (
              <>
                <span aria-hidden>{'•'.repeat(24)}</span>
                <span className="visually-hidden">{t('conversions.setup.secretHidden')}</span>
              </>
            )}
          </code>
          <Button size="small" icon={shown ? <EyeInvisibleOutlined aria-hidden /> : <EyeOutlined aria-hidden />} aria-pressed={shown} onClick={() => setShown((value) => !value)}>
            {t(shown ? 'conversions.setup.hide' : 'conversions.setup.show')}
          </Button>
          <Button size="small" icon={<CopyOutlined aria-hidden />} onClick={() => void copyText(t, tag.secret, showToast)}>
            {t('conversions.setup.copySecret')}
          </Button>
          {canEdit && (
            <Button size="small" danger icon={<SyncOutlined aria-hidden />} loading={rotate.isPending} onClick={askRotate}>
              {t('conversions.setup.rotate')}
            </Button>
          )}
        </div>
        {failure && <Alert type="error" showIcon title={failure} />}
        {!canEdit && <p className="conversion-help">{t('conversions.setup.readOnly')}</p>}
      </section>
      {confirmHolder}
    </div>
  );
}
