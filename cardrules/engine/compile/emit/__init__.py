"""The emitter: writes every function of the generated module from the model and its facts.

One module per construct: :mod:`.context` (the state of the writing: lines, names, scopes,
constants), :mod:`.expressions`, :mod:`.fractions` (sums in whole multiples), :mod:`.statements`,
:mod:`.moves` (move bodies and legal-move generators) and :mod:`.module` (the module as a whole).
"""
