import SnapBench

SnapBench.main()
