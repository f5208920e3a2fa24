/**
 * What an admin says of a company's own lines where the statements alone cannot tell (docs/model.md §2 and
 * §7): stored per company on the server, carried to the device with the company's bundle.
 */
export interface AdminChoices {
  /** 其他收益 (government grants and the like) is part of EBIT; false leaves it out as non-operating. */
  readonly other_income_operating: boolean;
  /** 其他流动资产 is counted as cash-like in the equity bridge (理财 products); false shows it only. */
  readonly other_current_assets_cash_like: boolean;
}

/** The defaults: 其他收益 operating, 其他流动资产 not cash-like. */
export const NO_ADMIN_CHOICES: AdminChoices = {
  other_income_operating: true,
  other_current_assets_cash_like: false,
};
