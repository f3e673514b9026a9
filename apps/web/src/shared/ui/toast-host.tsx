import { TOAST_SECONDS } from '@ads/contracts';
import { ConfigProvider, message } from 'antd';
import { useEffect } from 'react';
import { useLocaleState } from '../i18n/i18n';
import { theme } from './theme';
import { subscribeToasts, takeToasts } from './toast';

/** Shows queued toasts with antd's message for the seed's 2 seconds (§9). */
export default function ToastHost() {
  const { antdLocale } = useLocaleState();
  const [api, holder] = message.useMessage({ duration: TOAST_SECONDS });

  useEffect(() => {
    const drain = () => takeToasts().forEach(({ kind, content }) => void api[kind](content));
    drain();
    return subscribeToasts(drain);
  }, [api]);

  return (
    <ConfigProvider locale={antdLocale} theme={theme}>
      {holder}
    </ConfigProvider>
  );
}
