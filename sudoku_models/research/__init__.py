"""Tools for building and checking datasets for reasoning research: symmetries and canonical
forms, a seeded builder, labels, a batch verifier and solve traces.

Layered above the solvers, the logical solver, the generator and the grader; needs NumPy.
"""
