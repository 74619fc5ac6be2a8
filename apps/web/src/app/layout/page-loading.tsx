import { useIntl } from 'react-intl';
import { Spinner } from '@/components/ui/spinner';

/** What the main area shows while a screen's code loads. */
export function PageLoading() {
  const intl = useIntl();
  return (
    <div className="flex flex-1 items-center justify-center py-24">
      <Spinner
        className="size-6 text-slate-500"
        label={intl.formatMessage({ id: 'app.loadingPage', defaultMessage: 'Loading page' })}
      />
    </div>
  );
}
