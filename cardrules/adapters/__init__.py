"""Research-library adapters: ``cardrules.adapters.openspiel`` (an OpenSpiel game) and
``cardrules.adapters.pettingzoo`` (a PettingZoo AEC environment). Each needs the ``rl`` extra."""
