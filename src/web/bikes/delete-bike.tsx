import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { BikeDetail } from '../../domain/bikes';
import { readApiError } from '../lib/errors';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { isApprovalRequired, useStepUp } from '../verification/step-up';
import { useDeleteBike } from './bikes-api';

/**
 * Deleting the bike (§4): a dialog says what goes for good (pictures, documents, batteries, locks and
 * accessories). A bike with a frame number or a plate needs the owner's approval with national ID first
 * (step-up, act delete_bike bound to this bike): the provider sends the user back here with
 * ?delete=approved&approval_id=…, where the deletion is confirmed once more and carries the approval.
 *
 * `placement` "dialog" is the question, opened from the bike page's actions menu; "approval" is the panel
 * shown on return from the provider (and nothing otherwise).
 */
export function DeleteBike({
  bike,
  name,
  placement,
  asking = false,
  onAsking,
}: {
  bike: BikeDetail;
  name: string;
  placement: 'dialog' | 'approval';
  /** placement "dialog": the question is open (the bike page's actions menu opens it). */
  asking?: boolean;
  onAsking?: (open: boolean) => void;
}) {
  const { t } = useTranslation(['bike', 'verification']);
  const navigate = useNavigate();
  const remove = useDeleteBike(bike.id);
  const needsApproval = Boolean(bike.frame_number || bike.bikekey_id);
  const here = `/app/my-bikes/${encodeURIComponent(bike.id)}`;
  const { approvePath, approvalId, provider, clear } = useStepUp({
    act: 'delete_bike',
    subjectId: bike.id,
    returnTo: here,
    marker: { name: 'delete' },
  });

  const run = (approval?: string) =>
    remove.mutate(approval, {
      onSuccess: () => navigate(`${here}/report-deleted`, { replace: true, state: { name } }),
      onError: (error) => {
        // The server knows best: a bike that needs an approval after all goes to get one.
        if (!approval && isApprovalRequired(error)) navigate(approvePath);
      },
    });

  const confirm = () => {
    if (needsApproval) navigate(approvePath);
    else run();
  };

  const failure = remove.isError && !(isApprovalRequired(remove.error) && !approvalId) ? readApiError(remove.error, t) : null;
  const expired = Boolean(approvalId) && isApprovalRequired(remove.error);

  if (placement === 'approval') {
    if (!approvalId) return null;
    return (
      <section className="card bike-danger" aria-labelledby="bike-delete-approved">
        <h2 id="bike-delete-approved">{t('delete.approvedTitle')}</h2>
        {expired ? (
          <Alert>{t('delete.approvalExpired')}</Alert>
        ) : (
          <Alert tone="success">{t('delete.approvedBody', { name, provider })}</Alert>
        )}
        {failure?.kind === 'message' && !expired && <Alert>{failure.text}</Alert>}
        <p>{t('delete.whatGoes')}</p>
        <div className="actions">
          {expired ? (
            <Link to={approvePath} className="btn btn-primary">
              {t('delete.approveAgain', { provider })}
            </Link>
          ) : (
            <Button variant="danger" onClick={() => run(approvalId ?? undefined)} busy={remove.isPending || remove.isSuccess}>
              {t('delete.confirmFinal')}
            </Button>
          )}
          <Button variant="secondary" onClick={clear} disabled={remove.isPending}>
            {t('delete.cancel')}
          </Button>
        </div>
      </section>
    );
  }

  if (approvalId) return null;
  return (
    <ConfirmDialog
      open={asking}
      title={t('delete.dialogTitle', { name })}
      confirmLabel={needsApproval ? t('delete.approve', { provider }) : t('delete.confirm')}
      cancelLabel={t('delete.cancel')}
      busy={remove.isPending || remove.isSuccess}
      onConfirm={confirm}
      onCancel={() => onAsking?.(false)}
    >
      {failure?.kind === 'message' && <Alert>{failure.text}</Alert>}
      <p>{t('delete.whatGoes')}</p>
      <ul>
        <li>{t('delete.goesPictures', { count: bike.pictures.length })}</li>
        <li>{t('delete.goesDocuments', { count: bike.documents.length })}</li>
        <li>{t('delete.goesEquipment', { count: bike.equipment.length })}</li>
      </ul>
      <p>{needsApproval ? t('delete.approvalNote', { provider }) : t('delete.noUndo')}</p>
    </ConfirmDialog>
  );
}
