print("snap-bench")
