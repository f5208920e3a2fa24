/** A menu form's problem, read out when it appears; `id` is what its invalid fields point at. */
export function MenuProblem({ id, problem }: { readonly id: string; readonly problem: string | null }) {
  return problem ? (
    <p id={id} className="menu-problem" role="alert">
      {problem}
    </p>
  ) : null;
}
