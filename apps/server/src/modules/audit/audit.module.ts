import type { ModuleDeps, ServerModule } from '../module';
import { createAuditService } from './audit.service';

/** Who decided what: written by other modules' services, no routes of its own. */
export const auditModule = ({ db, now }: ModuleDeps) => {
  const audit = createAuditService({ db, now });
  return { services: { audit } } satisfies ServerModule;
};
