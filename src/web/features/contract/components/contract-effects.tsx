import { useContractRealtime } from '../hooks/use-contract-realtime';

/** Mounted once in the signed-in shell: the contract follows the partner's changes on every page. */
export function ContractEffects() {
  useContractRealtime();
  return null;
}
