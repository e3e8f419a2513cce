import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { LookupAnswer } from '../../domain/insurance-policies';
import type { Insurer } from '../../domain/theft';
import { api } from '../lib/api-client';
import { readApiError } from '../lib/errors';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';

/**
 * /app/register-bike/pre-registration: the policy the insurer pre-registered, looked up by its number. A bike
 * policy goes on to the insurer's personal-info page (the onboarding, filled in); a contents policy answers §8's
 * 400, which leads to the insurer's contents-signup page; none: the answer says so.
 */
export function PreRegistrationLookup() {
  const { t } = useTranslation('insurance-policy');
  const navigate = useNavigate();
  const insurers = useQuery({
    queryKey: ['insurers'],
    queryFn: ({ signal }) => api<{ insurers: Insurer[] }>('/insurers/', { signal }),
    staleTime: 10 * 60_000,
  });
  const [insurer, setInsurer] = useState('');
  const [number, setNumber] = useState('');
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!insurer || !number.trim()) return;
    setBusy(true);
    setError(null);
    try {
      const path = `/insurance/${encodeURIComponent(insurer)}/policies/pre-registration-lookup/${encodeURIComponent(number.trim())}/`;
      const found = await api<LookupAnswer>(path, { method: 'POST' });
      navigate(`/insurance/${encodeURIComponent(insurer)}/policy/personal-info?policy=${encodeURIComponent(found.insurer_policy_id)}`);
    } catch (err) {
      const outcome = readApiError(err, t);
      if (outcome.kind === 'redirect') navigate(outcome.to);
      else if (outcome.kind === 'message') setError(outcome.text);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="card">
      <h2>{t('lookup.title')}</h2>
      <p>{t('lookup.body')}</p>
      <SelectField
        label={t('onboarding.insurer')}
        value={insurer}
        onChange={(e) => setInsurer(e.target.value)}
        placeholder={t('onboarding.choose')}
        options={(insurers.data?.insurers ?? []).map((i) => ({ value: i.party_id, label: i.name }))}
        error={tried && !insurer ? t('onboarding.required') : undefined}
        required
      />
      <TextField
        label={t('onboarding.policyNumber')}
        hint={t('onboarding.policyNumberHint')}
        value={number}
        onChange={(e) => setNumber(e.target.value)}
        error={error ?? (tried && !number.trim() ? t('onboarding.required') : undefined)}
        autoComplete="off"
        required
      />
      <Button type="submit" busy={busy}>
        {t('insurer.lookup')}
      </Button>
    </form>
  );
}
