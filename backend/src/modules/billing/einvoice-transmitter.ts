import { Injectable } from '@nestjs/common';
import type { DbOrTx } from '../../database/database.types';
import { BillingRepository } from './billing.repository';

/**
 * Port to the French e-invoicing network: from September 2026 companies receive, and by September 2027
 * small ones issue, their B2B invoices through an approved platform (PDP, "plateforme de dématérialisation
 * partenaire"). An adapter for a real PDP (e.g. the APIs of Pennylane, Sage, Cegid, Docaposte, Generix,
 * or Chorus Pro for public buyers) implements `transmit`; until one is chosen the local adapter below keeps
 * exactly what would be sent (the Factur-X CII XML), in the invoice's transaction, in `einvoice_transmissions`.
 */
export abstract class EInvoiceTransmitter {
  abstract transmit(tx: DbOrTx, invoiceId: string, ciiXml: string): Promise<void>;
}

@Injectable()
export class LocalEInvoiceTransmitter extends EInvoiceTransmitter {
  constructor(private readonly repository: BillingRepository) {
    super();
  }

  async transmit(tx: DbOrTx, invoiceId: string, ciiXml: string): Promise<void> {
    await this.repository.storeTransmission(tx, invoiceId, 'local', ciiXml);
  }
}
