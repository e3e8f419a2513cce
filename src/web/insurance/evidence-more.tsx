import { useTranslation } from 'react-i18next';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import type { useEvidencePages } from './evidence-api';

/** Under a list of proofs or lock tests: how many of how many are shown, and the next 20 (the owner's lists and the insurer's). */
export function MoreEvidence({ list }: { list: ReturnType<typeof useEvidencePages> }) {
  const { t } = useTranslation('insurance-evidence');
  const pages = list.data?.pages ?? [];
  const shown = pages.reduce((n, page) => n + page.items.length, 0);
  const total = pages.at(-1)?.total ?? 0;
  return (
    <>
      {shown > 0 && shown < total && <p className="muted">{t('adminList.shown', { shown, total })}</p>}
      {list.isFetchNextPageError && <Alert>{t('adminList.moreFailed')}</Alert>}
      {list.hasNextPage && (
        <Button variant="secondary" onClick={() => void list.fetchNextPage()} busy={list.isFetchingNextPage}>
          {t('adminList.more')}
        </Button>
      )}
    </>
  );
}
