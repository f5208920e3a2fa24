/** The FCF parameter page (back-office §2): replaced by the full page in this change. */
export default function FcfParametersPage() {
  return null;
}
