import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { createVoucherBatchSchema } from '../../domain/backoffice-orgs';
import { PLAN_TYPES } from '../../domain/bikes';
import { formatDate, formatDateTime } from '../lib/intl';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { SelectField, TextField } from '../ui/field';
import { useZodForm } from '../ui/form';
import { LoadError } from '../ui/load-error';
import { Loading } from '../ui/spinner';
import { createVoucherBatch, useVoucherBatch, useVoucherBatches } from './organisations-api';
import { Pager } from './organisations-parts';
import { ReadOnlyNote, useCanChange } from './read-only';

const loadSchema = () => import('../../domain/backoffice-orgs').then((m) => m.createVoucherBatchSchema);
type BatchValues = { label: string; count: unknown; credits?: unknown; plan_type?: string; expires_on?: unknown };

/** Voucher batches: make one (how many codes, what each gives, the last day), list them, open one to see its redemptions. */
export function VoucherBatches() {
  const { t, i18n } = useTranslation('backoffice-orgs');
  const [params, setParams] = useSearchParams();
  const offset = Math.max(0, Number.parseInt(params.get('voffset') ?? '0', 10) || 0);
  const open = params.get('batch');
  const list = useVoucherBatches(offset);
  const canChange = useCanChange();
  const [formKey, setFormKey] = useState(0);
  const setParam = (name: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setParams(next);
  };
  const created = (batchId: string) => {
    // A fresh form for the next batch (the one just made opens below the list).
    setFormKey((key) => key + 1);
    const next = new URLSearchParams(params);
    next.delete('voffset');
    next.set('batch', batchId);
    setParams(next);
  };

  return (
    <section id="vouchers" className="card orgs-section" aria-labelledby="vouchers-title">
      <h2 id="vouchers-title">{t('vouchers.title')}</h2>
      <p className="muted">{t('vouchers.lead')}</p>
      {!canChange && <ReadOnlyNote />}
      <CreateBatchForm key={formKey} canChange={canChange} onCreated={created} />

      <h3>{t('vouchers.listTitle')}</h3>
      {list.isPending && <Loading />}
      {list.isError && <LoadError error={list.error} onRetry={() => void list.refetch()} retrying={list.isFetching} />}
      {list.data &&
        (list.data.items.length === 0 ? (
          <p>{t('vouchers.none')}</p>
        ) : (
          <div className="orgs-table-wrap">
            <table className="orgs-table">
              <thead>
                <tr>
                  <th scope="col">{t('vouchers.label')}</th>
                  <th scope="col">{t('vouchers.gives')}</th>
                  <th scope="col">{t('vouchers.redeemed')}</th>
                  <th scope="col">{t('vouchers.expires')}</th>
                  <th scope="col">{t('vouchers.made')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((batch) => (
                  <tr key={batch.id} aria-current={open === batch.id ? 'true' : undefined}>
                    <td>
                      <Link to={`?${withParam(params, 'batch', batch.id)}#vouchers`}>{batch.label}</Link>
                    </td>
                    <td>{t('vouchers.givesValue', { count: batch.credits, plan: t(`plans.${batch.plan_type}`) })}</td>
                    <td>{t('vouchers.redeemedOf', { redeemed: batch.redeemed, count: batch.count })}</td>
                    <td>{batch.expires_at ? formatDate(batch.expires_at, i18n.resolvedLanguage, 'medium') : t('vouchers.noExpiry')}</td>
                    <td>
                      {formatDate(batch.created_at, i18n.resolvedLanguage, 'medium')}
                      {batch.created_by_email && ` · ${batch.created_by_email}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {list.data && (
        <Pager
          offset={list.data.offset}
          pageSize={list.data.page_size}
          total={list.data.total}
          onOffset={(o) => setParam('voffset', o ? String(o) : null)}
        />
      )}
      {open && <BatchDetail batchId={open} onClose={() => setParam('batch', null)} />}
    </section>
  );
}

function CreateBatchForm({ canChange, onCreated }: { canChange: boolean; onCreated: (batchId: string) => void }) {
  const { t } = useTranslation('backoffice-orgs');
  const form = useZodForm<typeof createVoucherBatchSchema, BatchValues>(loadSchema, {
    defaultValues: { label: '', count: '10', credits: '1', plan_type: 'SINGLE', expires_on: '' },
  });
  const submit = form.handleSubmit(async (values) => {
    const batch = await createVoucherBatch(values);
    onCreated(batch.id);
  });
  return (
    <>
      <h3>{t('vouchers.createTitle')}</h3>
      {form.formError && <Alert>{form.formError}</Alert>}
      <form onSubmit={submit} noValidate>
        <fieldset disabled={!canChange} className="orgs-fieldset">
          <legend className="visually-hidden">{t('vouchers.createTitle')}</legend>
          <div className="orgs-grid">
            <TextField label={t('vouchers.label')} autoComplete="off" hint={t('vouchers.labelHint')} {...form.field('label')} />
            <TextField label={t('vouchers.count')} type="number" min={1} max={500} inputMode="numeric" {...form.field('count')} />
            <TextField label={t('vouchers.credits')} type="number" min={1} max={100} inputMode="numeric" {...form.field('credits')} />
            <SelectField
              label={t('vouchers.plan')}
              options={PLAN_TYPES.map((value) => ({ value, label: t(`plans.${value}`) }))}
              {...form.field('plan_type')}
            />
            <TextField label={t('vouchers.expires')} type="date" hint={t('vouchers.expiresHint')} {...form.field('expires_on')} />
          </div>
          <div className="actions">
            <Button type="submit" busy={form.submitting}>
              {t('vouchers.create')}
            </Button>
          </div>
        </fieldset>
      </form>
    </>
  );
}

function withParam(params: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(params);
  next.set(name, value);
  return next.toString();
}

function BatchDetail({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const { t, i18n } = useTranslation('backoffice-orgs');
  const batch = useVoucherBatch(batchId);
  if (batch.isPending) return <Loading />;
  if (batch.isError) return <LoadError error={batch.error} onRetry={() => void batch.refetch()} retrying={batch.isFetching} />;
  const b = batch.data;
  return (
    <article className="orgs-batch" aria-labelledby="batch-title">
      <div className="orgs-batch-head">
        <h3 id="batch-title">{t('vouchers.batchTitle', { label: b.label })}</h3>
        <Button variant="secondary" className="btn-small" onClick={onClose}>
          {t('vouchers.close')}
        </Button>
      </div>
      <p>
        {t('vouchers.givesValue', { count: b.credits, plan: t(`plans.${b.plan_type}`) })} ·{' '}
        {t('vouchers.redeemedOf', { redeemed: b.redeemed, count: b.count })}
      </p>
      <h4>{t('vouchers.codes')}</h4>
      <ul className="orgs-codes">
        {b.codes.map((code) => (
          <li key={code.code} className={code.redeemed ? 'orgs-code-used' : undefined}>
            <code>{code.code}</code>
            {code.redeemed && <span className="visually-hidden"> ({t('vouchers.used')})</span>}
          </li>
        ))}
      </ul>
      <h4>{t('vouchers.redemptions')}</h4>
      {b.redemptions.length === 0 ? (
        <p>{t('vouchers.noRedemptions')}</p>
      ) : (
        <div className="orgs-table-wrap">
          <table className="orgs-table">
            <thead>
              <tr>
                <th scope="col">{t('vouchers.code')}</th>
                <th scope="col">{t('vouchers.who')}</th>
                <th scope="col">{t('vouchers.when')}</th>
                <th scope="col">{t('vouchers.bikes')}</th>
              </tr>
            </thead>
            <tbody>
              {b.redemptions.map((r) => (
                <tr key={`${r.code}-${r.party_id}`}>
                  <td>
                    <code>{r.code}</code>
                  </td>
                  <td>
                    <Link to={`/backoffice/${r.organisation ? 'organisations' : 'identities'}/${r.party_id}`}>{r.who ?? r.party_id}</Link>
                  </td>
                  <td>{formatDateTime(r.redeemed_at, i18n.resolvedLanguage)}</td>
                  <td>{r.bikes.map((bike) => bike.frame_number ?? bike.bike_id).join(', ') || t('vouchers.notOnBike')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </article>
  );
}
