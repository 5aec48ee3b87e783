"""The 0/1 integer program of a model as LP and MPS files, and as OPB (pseudo-Boolean) text.

All three write the rows of :mod:`sudoku_models.solvers.mip_constraints`, the program the ``mip``
backend solves. LP (CPLEX form) and MPS (free form) come from OR-Tools' own exporter, the
files SCIP, HiGHS, CBC, Gurobi and CPLEX read; OPB is written here, the input format of
pseudo-Boolean solvers, with ``x1``, ``x2``, ... named in comment lines.
"""

from __future__ import annotations

from typing import Any

from ..model import Model
from ..solvers.mip_constraints import Formulation, formulate


def _builder_model(form: Formulation) -> Any:
    """The rows as an OR-Tools ``model_builder.Model`` (binaries, named rows, no objective)."""
    from ortools.linear_solver.python import model_builder

    built = model_builder.Model()
    built.name = "sudoku"
    variables = {name: built.new_bool_var(name) for name in form.variables}
    for row in form.rows:
        expr = model_builder.LinearExpr.weighted_sum(
            [variables[v] for _, v in row.terms], [c for c, _ in row.terms]
        )
        if row.sense == "<=":
            constraint = built.add(expr <= row.rhs)
        elif row.sense == ">=":
            constraint = built.add(expr >= row.rhs)
        else:
            constraint = built.add(expr == row.rhs)
        constraint.name = row.name
    return built


def to_lp(model: Model) -> str:
    """The integer program of ``model`` in LP form."""
    return _builder_model(formulate(model)).export_to_lp_string()


def to_mps(model: Model) -> str:
    """The integer program of ``model`` in free MPS form."""
    return _builder_model(formulate(model)).export_to_mps_string()


def to_opb(model: Model) -> str:
    """The integer program of ``model`` as OPB: every row over ``x1..xN``, ``<=`` rows negated
    to ``>=`` (the form pseudo-Boolean solvers take), a comment naming each variable."""
    form = formulate(model)
    number = {name: k for k, name in enumerate(form.variables, start=1)}
    lines = [f"* #variable= {len(number)} #constraint= {len(form.rows)}"]
    lines += [f"* x{k} {name}" for name, k in number.items()]
    for row in form.rows:
        sign, sense = (-1, ">=") if row.sense == "<=" else (1, row.sense.replace("==", "="))
        terms = " ".join(f"{sign * c:+d} x{number[v]}" for c, v in row.terms)
        lines.append(f"{terms} {sense} {sign * row.rhs} ;")
    return "\n".join(lines) + "\n"
