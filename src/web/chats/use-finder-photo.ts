import { useEffect, useState } from 'react';
import { useDraftStore } from './draft-store';
import { dropPhoto, keepPhoto, keptPhoto } from './photo-store';

export interface FinderPhoto {
  photo: File | null;
  /** A photo was chosen before (e.g. before logging in) but could not be kept: ask for it again. */
  lost: boolean;
  choose: (file: File | null) => void;
  /** After sending: forget the photo. */
  forget: () => void;
}

/**
 * The finder's photo for a bike's draft: kept in IndexedDB while the visitor logs in or signs up, read
 * back when they return. Where it cannot be kept the page says so and asks for it again.
 */
export function useFinderPhoto(bikeId: string, enabled: boolean): FinderPhoto {
  const setDraft = useDraftStore((s) => s.setContact);
  const [photo, setPhoto] = useState<File | null>(null);
  const [lost, setLost] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    let live = true;
    keptPhoto(bikeId).then((file) => {
      if (!live) return;
      if (file) setPhoto((current) => current ?? file);
      else if (useDraftStore.getState().contacts[bikeId]?.hadPhoto) setLost(true);
    });
    return () => {
      live = false;
    };
  }, [bikeId, enabled]);

  const choose = (file: File | null) => {
    setPhoto(file);
    setLost(false);
    setDraft(bikeId, { hadPhoto: file !== null });
    if (file) void keepPhoto(bikeId, file);
    else void dropPhoto(bikeId);
  };
  const forget = () => {
    setPhoto(null);
    void dropPhoto(bikeId);
  };
  return { photo, lost, choose, forget };
}
