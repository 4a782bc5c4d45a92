import { useState } from 'react';
import { yupResolver } from '@hookform/resolvers/yup';
import { Plus } from 'lucide-react';
import type { Supplier } from '@contract/purchasing';
import { messageOf } from '@/api/errors';
import { useServerForm } from '@/api/useServerForm';
import { Button } from '@/components/Button';
import { DataState } from '@/components/DataState';
import { TextField } from '@/components/TextField';
import { useCreateSupplierMutation, useGetSuppliersQuery, useUpdateSupplierMutation } from '../purchasingApi';
import { SUPPLIER_LIMITS, supplierSchema, type SupplierValues } from '../purchasingSchemas';
import { FormDialog } from '@/components/FormDialog';
import styles from './Inventory.module.css';
import own from './Purchasing.module.css';

interface SupplierFormDialogProps {
  supplier?: Supplier;
  onClose: () => void;
  onSaved: (supplier: Supplier, created: boolean) => void;
}

/** Add supplier and Edit supplier: a name (unique: the server's message shows on it) and how to reach them. */
function SupplierFormDialog({ supplier, onClose, onSaved }: SupplierFormDialogProps) {
  const [createSupplier] = useCreateSupplierMutation();
  const [updateSupplier] = useUpdateSupplierMutation();
  const { field, onSubmit, failure, formState: { errors, isSubmitting } } = useServerForm<SupplierValues>({
    resolver: yupResolver(supplierSchema),
    defaultValues: { name: supplier?.name ?? '', contactName: supplier?.contactName ?? '', phone: supplier?.phone ?? '', email: supplier?.email ?? '' },
    fieldOf: { name: 'name', contactName: 'contactName', phone: 'phone', email: 'email' },
  });

  const send = async (values: SupplierValues) => {
    // An empty optional field is left out.
    const body = {
      name: values.name,
      ...(values.contactName && { contactName: values.contactName }),
      ...(values.phone && { phone: values.phone }),
      ...(values.email && { email: values.email }),
    };
    const saved = supplier ? await updateSupplier({ id: supplier.id, ...body }).unwrap() : await createSupplier(body).unwrap();
    onSaved(saved, !supplier);
  };

  return (
    <FormDialog
      title={supplier ? 'Edit supplier' : 'New supplier'}
      description={supplier?.name}
      submitLabel={supplier ? 'Save supplier' : 'Add supplier'}
      submitting={isSubmitting}
      failure={failure}
      onSubmit={onSubmit(send)}
      onClose={onClose}
    >
      <TextField label="Name" autoComplete="organization" maxLength={SUPPLIER_LIMITS.name} error={errors.name?.message} {...field('name')} />
      <TextField label="Contact name" hint="Optional" autoComplete="name" maxLength={SUPPLIER_LIMITS.contactName} error={errors.contactName?.message} {...field('contactName')} />
      <TextField label="Phone" type="tel" hint="Optional" autoComplete="tel" maxLength={SUPPLIER_LIMITS.phone} error={errors.phone?.message} {...field('phone')} />
      <TextField label="Email" type="email" hint="Optional" autoComplete="email" maxLength={SUPPLIER_LIMITS.email} error={errors.email?.message} {...field('email')} />
    </FormDialog>
  );
}

type OpenDialog = { kind: 'new' } | { kind: 'edit'; supplier: Supplier };

/** Suppliers: who parts are bought from, with how to reach them; add and edit. */
export function Suppliers() {
  const { currentData, isFetching, error, refetch } = useGetSuppliersQuery();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const suppliers = currentData?.items ?? [];

  const saved = (supplier: Supplier, created: boolean) => {
    setDialog(null);
    setAnnouncement(`${created ? 'Added' : 'Saved'} ${supplier.name}.`);
  };

  return (
    <div className={own.section}>
      <div className={styles.toolbar}>
        <Button className={styles.add} startIcon={<Plus />} onClick={() => setDialog({ kind: 'new' })}>
          Add supplier
        </Button>
      </div>
      <div role="status" aria-live="polite" className={announcement ? styles.announcement : undefined}>
        {announcement}
      </div>
      <DataState isLoading={isFetching && !currentData} error={!currentData && error ? messageOf(error) : null} onRetry={() => void refetch()} loadingLabel="Loading suppliers">
        {suppliers.length === 0 ? (
          <p className={styles.empty}>No suppliers yet</p>
        ) : (
          <div className={styles.scroll}>
            <table className={styles.table}>
              <caption className="visually-hidden">Suppliers</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Email</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {suppliers.map((supplier) => (
                  <tr key={supplier.id}>
                    <th scope="row" id={`supplier-${supplier.id}`} className={styles.sku}>
                      {supplier.name}
                    </th>
                    <td data-label="Contact">{supplier.contactName ?? '—'}</td>
                    <td data-label="Phone">{supplier.phone ? <a href={`tel:${supplier.phone}`}>{supplier.phone}</a> : '—'}</td>
                    <td data-label="Email">{supplier.email ? <a href={`mailto:${supplier.email}`}>{supplier.email}</a> : '—'}</td>
                    <td>
                      <Button size="sm" variant="ghost" aria-describedby={`supplier-${supplier.id}`} onClick={() => setDialog({ kind: 'edit', supplier })}>
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </DataState>
      {dialog?.kind === 'new' && <SupplierFormDialog onClose={() => setDialog(null)} onSaved={saved} />}
      {dialog?.kind === 'edit' && <SupplierFormDialog supplier={dialog.supplier} onClose={() => setDialog(null)} onSaved={saved} />}
    </div>
  );
}
