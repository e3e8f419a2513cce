import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';
import type { SharedPlace } from './contact-send';
import { PlaceField } from './place-field';

/**
 * "Share a place" in a conversation: a map in a dialog (tap, drag the pin, or use my location), and what to
 * call the place. The map is
 * made only while the dialog is open, so a conversation loads Leaflet only when a place is wanted.
 */
export function PlaceDialog(props: {
  open: boolean;
  initial: SharedPlace | null;
  onChoose: (place: SharedPlace) => void;
  onClose: () => void;
}) {
  const { open, initial, onChoose, onClose } = props;
  const { t } = useTranslation('chats');
  const [place, setPlace] = useState<SharedPlace | null>(initial);
  useEffect(() => {
    if (open) setPlace(initial);
  }, [open, initial]);
  return (
    <Dialog
      open={open}
      title={t('composer.placeTitle')}
      onClose={onClose}
      actions={
        <>
          <Button onClick={() => place && onChoose(place)} disabled={!place}>
            {t('composer.placeConfirm')}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
        </>
      }
    >
      <p className="dialog-lead">{t('composer.placeLead')}</p>
      {open && <PlaceField value={place} onChange={setPlace} compact />}
    </Dialog>
  );
}
