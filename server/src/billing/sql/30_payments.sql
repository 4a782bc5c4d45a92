-- invoices.paid_minor is the sum of the invoice's payments, moved by each payment in the same transaction: a payment
-- recorded on an invoice adds to it, one moved off a voided invoice (invoice_id set to NULL) takes its amount back,
-- and one carried onto the next invoice adds to that. The UPDATE takes the invoice's row lock, so concurrent
-- payments queue, and CHECK (paid_minor <= total_minor) refuses the one that would overpay. Each change of what is
-- paid is a new version of the invoice.
CREATE OR REPLACE FUNCTION payments_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.invoice_id IS NOT NULL THEN
    UPDATE invoices SET paid_minor = paid_minor - OLD.amount_minor, version = version + 1 WHERE id = OLD.invoice_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.invoice_id IS NOT NULL THEN
    UPDATE invoices SET paid_minor = paid_minor + NEW.amount_minor, version = version + 1 WHERE id = NEW.invoice_id;
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE TRIGGER payments_on_change AFTER INSERT OR DELETE OR UPDATE OF invoice_id, amount_minor ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_apply();
